package dev.rewriteperf.report;

import java.util.List;

/** What one service's dry run left: the candidates table, the diff per file, and what could not be read. */
public record ServiceResult(String name, List<Candidate> candidates, List<FileDiff> diffs, List<String> problems) {

    public long changes() {
        return candidates.stream().filter(Candidate::changed).count();
    }

    public long leftAlone() {
        return candidates.size() - changes();
    }
}
