package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.proc.Git;
import dev.rewriteperf.report.read.DryRunReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The files a run of the pack changed in a project: what git sees changed, told apart by the run's data table. */
final class PackChanges {

    private PackChanges() {
    }

    /**
     * The files the pack changed under {@code project}: those git tracks that differ from the last commit, and new ones
     * only where the run's data table names them as changed (a build step may write files of its own: generated
     * sources, a flattened pom), each with whether git tracks it. With {@code namedOnly}, tracked ones too only where
     * the table names them (a scratch copy committed whole, where the build's own tracked files could change).
     */
    static Map<Path, Boolean> of(Path project, boolean namedOnly) throws IOException {
        Set<Path> named = new HashSet<>();
        for (Path file : DryRunReader.changedFiles(project)) {
            named.add(Files.exists(file) ? file.toRealPath() : file);
        }
        Map<Path, Boolean> changes = new LinkedHashMap<>();
        Git.changedFiles(project).forEach((file, tracked) -> {
            if (tracked && !namedOnly || named.contains(file)) {
                changes.put(file, tracked);
            }
        });
        return changes;
    }
}
