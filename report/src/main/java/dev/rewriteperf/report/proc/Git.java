package dev.rewriteperf.report.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The few git questions a bulk run asks of a service's work tree, through the machine's git. */
public final class Git {

    private Git() {
    }

    public static boolean isWorkTree(Path dir) {
        try {
            return Exec.output(dir, "git", "rev-parse", "--is-inside-work-tree").trim().equals("true");
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a git repository holds {@code file} of {@code dir} (not merely a repository around an untracked copy). */
    public static boolean tracks(Path dir, String file) {
        try {
            return !Exec.output(dir, "git", "ls-files", "--", file).isBlank();
        } catch (IOException e) {
            return false;
        }
    }

    public static Path topLevel(Path dir) throws IOException {
        return Path.of(Exec.output(dir, "git", "rev-parse", "--show-toplevel").trim());
    }

    /**
     * The files under {@code dir} that differ from the last commit, new files included, build output ({@code target})
     * left out: absolute paths, each with whether git tracks it.
     */
    public static Map<Path, Boolean> changedFiles(Path dir) throws IOException {
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
    public static void baseline(Path dir) throws IOException {
        Exec.output(dir, "git", "init", "-q");
        Exec.output(dir, "git", "add", "-A");
        Exec.output(dir, "git", "-c", "user.name=rewrite-performance", "-c", "user.email=rewrite-performance@localhost",
                "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "--allow-empty", "-m", "before the pack");
    }

    /** Puts {@code file} back as the last commit has it, or removes it when git does not track it. */
    public static void restore(Path file, boolean tracked) throws IOException {
        if (tracked) {
            Exec.output(file.getParent(), "git", "checkout", "--", file.getFileName().toString());
        } else {
            Files.deleteIfExists(file);
        }
    }

    /** {@code git diff} of the work tree against the last commit, new files included, as a patch a report reads. */
    public static String diff(Path dir, List<Path> newFiles) throws IOException {
        List<String> intent = new ArrayList<>(List.of("git", "add", "--intent-to-add", "--"));
        newFiles.forEach(file -> intent.add(file.toString()));
        if (!newFiles.isEmpty()) {
            Exec.output(dir, intent.toArray(new String[0]));
        }
        return Exec.output(dir, "git", "diff", "--relative", "HEAD", "--", ".");
    }

    /**
     * {@code git diff} of {@code files} (of {@code dir}, which git tracks) against the last commit, paths relative to
     * {@code dir}: the change a run made to them, not the other changes a person has in the same checkout.
     */
    public static String diffOf(Path dir, List<Path> files) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "diff", "--relative", "HEAD", "--"));
        files.forEach(file -> command.add(file.toString()));
        return Exec.output(dir, command.toArray(new String[0]));
    }
}
