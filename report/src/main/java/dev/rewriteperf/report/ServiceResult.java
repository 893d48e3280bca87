package dev.rewriteperf.report;

import java.util.List;

/**
 * What one service's dry run left: the candidates table, the diff per file, what could not be read, and how its
 * run went ({@code read} when the report only read existing output; {@code ok}, {@code failed}, {@code timed out},
 * and {@code verify: green/red} in a bulk run).
 */
public record ServiceResult(String name, String status, List<Candidate> candidates, List<FileDiff> diffs, List<String> problems) {

    public ServiceResult withStatus(String newStatus, List<String> moreProblems) {
        List<String> all = new java.util.ArrayList<>(problems);
        all.addAll(moreProblems);
        return new ServiceResult(name, newStatus, candidates, diffs, all);
    }

    public long changes() {
        return candidates.stream().filter(Candidate::changed).count();
    }

    public long leftAlone() {
        return candidates.size() - changes();
    }
}
