package dev.rewriteperf.report.model;

import java.util.ArrayList;
import java.util.List;

/**
 * What one service's dry run left: the candidates table, the diff per file, what could not be read, how its run went
 * ({@link RunStatus}), and notes on what the run did besides (its own
 * formatter, the checks a branch went through). {@code repositoryPath} is where the project is in its git repository
 * ({@code services/orders/}, or empty at its root or outside git): code-scanning tools place results from there.
 */
public record ServiceResult(String name, RunStatus status, List<Candidate> candidates, List<FileDiff> diffs, List<String> problems,
                            List<String> notes, String repositoryPath) {

    public ServiceResult(String name, RunStatus status, List<Candidate> candidates, List<FileDiff> diffs, List<String> problems) {
        this(name, status, candidates, diffs, problems, List.of(), "");
    }

    public ServiceResult withStatus(RunStatus newStatus, List<String> moreProblems) {
        return withStatus(newStatus, moreProblems, List.of());
    }

    public ServiceResult withStatus(RunStatus newStatus, List<String> moreProblems, List<String> moreNotes) {
        List<String> allProblems = new ArrayList<>(problems);
        allProblems.addAll(moreProblems);
        List<String> allNotes = new ArrayList<>(notes);
        allNotes.addAll(moreNotes);
        return new ServiceResult(name, newStatus, candidates, diffs, allProblems, allNotes, repositoryPath);
    }

    /** The service with no findings: its run failed, so what its output holds is not this run's. */
    public static ServiceResult failed(String name, RunStatus status, List<String> problems, List<String> notes) {
        return new ServiceResult(name, status, List.of(), List.of(), problems, notes, "");
    }

    /**
     * The files the run changed: those its patch shows, or, without a patch (an applied run outside git, whose change
     * cannot be shown as a diff), those its data table names as changed.
     */
    public long filesChanged() {
        if (!diffs.isEmpty()) {
            return diffs.size();
        }
        return candidates.stream().filter(Candidate::changed).map(Candidate::sourcePath).distinct().count();
    }

    public long changes() {
        return candidates.stream().filter(Candidate::changed).count();
    }

    public long leftAlone() {
        return candidates.size() - changes();
    }
}
