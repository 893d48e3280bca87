package dev.rewriteperf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The few git questions a bulk run asks of a service's work tree, through the machine's git. */
final class Git {

    private Git() {
    }

    static boolean isWorkTree(Path dir) {
        try {
            return Exec.output(dir, "git", "rev-parse", "--is-inside-work-tree").trim().equals("true");
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a git repository holds {@code file} of {@code dir} (not merely a repository around an untracked copy). */
    static boolean tracks(Path dir, String file) {
        try {
            return !Exec.output(dir, "git", "ls-files", "--", file).isBlank();
        } catch (IOException e) {
            return false;
        }
    }

    static Path topLevel(Path dir) throws IOException {
        return Path.of(Exec.output(dir, "git", "rev-parse", "--show-toplevel").trim());
    }

    /**
     * The files under {@code dir} that differ from the last commit, new files included, build output ({@code target})
     * left out: absolute paths, each with whether git tracks it.
     */
    static Map<Path, Boolean> changedFiles(Path dir) throws IOException {
        Path top = topLevel(dir);
        Map<Path, Boolean> files = new LinkedHashMap<>();
        String[] entries = Exec.output(dir, "git", "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ".").split("\0");
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i];
            if (entry.length() < 4) {
                continue;
            }
            String status = entry.substring(0, 2);
            if (status.charAt(0) == 'R' || status.charAt(0) == 'C') {
                i++; // a rename's or copy's source path follows as its own entry
            }
            Path file = top.resolve(entry.substring(3));
            if (!top.relativize(file).toString().matches("(.*/)?target/.*")) {
                files.put(file, !status.equals("??"));
            }
        }
        return files;
    }

    /** Makes {@code dir} a repository of its own whose one commit is everything in it, for changes to be told apart. */
    static void baseline(Path dir) throws IOException {
        Exec.output(dir, "git", "init", "-q");
        Exec.output(dir, "git", "add", "-A");
        Exec.output(dir, "git", "-c", "user.name=rewrite-performance", "-c", "user.email=rewrite-performance@localhost",
                "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "--allow-empty", "-m", "before the pack");
    }

    /**
     * The files the pack changed under {@code project}: those git tracks that differ from the last commit, and new ones
     * only where the run's data table names them as changed (a build step may write files of its own: generated
     * sources, a flattened pom), each with whether git tracks it. With {@code namedOnly}, tracked ones too only where
     * the table names them (a scratch copy committed whole, where the build's own tracked files could change).
     */
    static Map<Path, Boolean> packChanges(Path project, boolean namedOnly) throws IOException {
        Set<Path> named = new HashSet<>();
        for (Path file : DryRunReader.changedFiles(project)) {
            named.add(Files.exists(file) ? file.toRealPath() : file);
        }
        Map<Path, Boolean> changes = new LinkedHashMap<>();
        changedFiles(project).forEach((file, tracked) -> {
            if (tracked && !namedOnly || named.contains(file)) {
                changes.put(file, tracked);
            }
        });
        return changes;
    }

    /** Puts {@code file} back as the last commit has it, or removes it when git does not track it. */
    static void restore(Path file, boolean tracked) throws IOException {
        if (tracked) {
            Exec.output(file.getParent(), "git", "checkout", "--", file.getFileName().toString());
        } else {
            Files.deleteIfExists(file);
        }
    }

    /** {@code git diff} of the work tree against the last commit, new files included, as a patch a report reads. */
    static String diff(Path dir, List<Path> newFiles) throws IOException {
        List<String> intent = new ArrayList<>(List.of("git", "add", "--intent-to-add", "--"));
        newFiles.forEach(file -> intent.add(file.toString()));
        if (!newFiles.isEmpty()) {
            Exec.output(dir, intent.toArray(new String[0]));
        }
        return Exec.output(dir, "git", "diff", "--relative", "HEAD", "--", ".");
    }
}
