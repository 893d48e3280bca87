package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.proc.Git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code rewrite:run} changes the files and writes no patch, so a report of an applied run would show changes in no
 * file. The patch is written from git instead: the files the run's data table names, against the last commit, into
 * {@code target/rewrite/rewrite.patch} where a dry run would have put it.
 */
final class AppliedPatch {

    private AppliedPatch() {
    }

    /** Writes the patch of what the run applied in {@code project}; returns what the report should note, if anything. */
    static List<String> write(Path project) throws IOException {
        if (!Git.isWorkTree(project)) {
            return List.of("the applied change is not shown as a diff: the service is not in a git repository");
        }
        Map<Path, Boolean> changed = PackChanges.of(project, true);
        if (changed.isEmpty()) {
            return List.of();
        }
        Path file = project.resolve("target/rewrite/rewrite.patch");
        Files.createDirectories(file.getParent());
        Files.writeString(file, Git.diffOf(project, List.copyOf(changed.keySet())), StandardCharsets.UTF_8);
        return List.of();
    }
}
