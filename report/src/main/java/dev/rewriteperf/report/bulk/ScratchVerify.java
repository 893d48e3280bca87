package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.model.RunStatus;
import dev.rewriteperf.report.proc.Directories;
import dev.rewriteperf.report.proc.Exec;
import dev.rewriteperf.report.proc.Git;
import dev.rewriteperf.report.proc.PluginRun;

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
     * tests: green, red, or without tests when none ran (a build that compiles shows no more than that); the
     * formatter's note goes to {@code notes}.
     */
    static RunStatus verify(Path scratch, Path dir, PluginRun run, Exec exec, Path log, boolean format, List<String> notes)
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
        if (!applied.ok()) {
            // The change could not be applied in the copy: the verify did not run, so it is neither green nor red.
            return applied.interrupted() ? RunStatus.of(RunStatus.Kind.INTERRUPTED) : RunStatus.of(applied.timedOut()
                    ? RunStatus.Kind.TIMED_OUT : RunStatus.Kind.RUN_FAILED, "verify's run " + applied);
        }
        return verdict(exec.run(run.build("verify"), scratch, log));
    }

    /** What a verifying build's outcome says: red, green, or no tests when it ran none. */
    static RunStatus verdict(Exec.Outcome build) {
        if (build.interrupted()) {
            return RunStatus.of(RunStatus.Kind.INTERRUPTED);
        }
        if (!build.ok()) {
            return RunStatus.of(RunStatus.Kind.VERIFY_RED, build.toString());
        }
        return RunStatus.of(build.testsRun() > 0 ? RunStatus.Kind.VERIFY_GREEN : RunStatus.Kind.VERIFY_NO_TESTS);
    }
}
