package dev.rewriteperf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
