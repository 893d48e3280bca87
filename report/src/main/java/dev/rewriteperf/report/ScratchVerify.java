package dev.rewriteperf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code bulk --verify}: the change applied in a scratch copy of a service, which is then built with its tests. */
final class ScratchVerify {

    private ScratchVerify() {
    }

    /**
     * Applies the recipe in {@code scratch}, a fresh copy of {@code dir} without build output, runs the service's
     * formatter there when {@code format} (an in-place apply has formatted the service itself), and builds it with its
     * tests: {@code verify: green} or {@code verify: red (...)}; the formatter's note goes to {@code notes}.
     */
    static String verify(Path scratch, Path dir, PluginRun run, Exec exec, Path log, boolean format, List<String> notes)
            throws IOException {
        Directories.deleteRecursively(scratch);
        Directories.copy(dir, scratch);
        if (!Files.exists(scratch.resolve(".git"))) {
            Git.baseline(scratch); // a service inside a larger repository: its copy is its own, so git can tell the pack's changes
        }
        Exec.Outcome applied = exec.run(run.rewrite("run"), scratch, log);
        if (applied.ok() && format) {
            Formatter.note(notes, Formatter.format(scratch, run, exec, log));
        }
        Exec.Outcome build = applied.ok() ? exec.run(run.build("verify"), scratch, log) : applied;
        return build.ok() ? "verify: green" : "verify: red (" + build + ")";
    }
}
