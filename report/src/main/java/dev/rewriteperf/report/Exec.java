package dev.rewriteperf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Runs a command of a bulk run in a directory, its output appended to the service's log, stopped at the time limit. */
final class Exec {

    private final double timeoutMinutes;

    Exec(double timeoutMinutes) {
        this.timeoutMinutes = timeoutMinutes;
    }

    /** How a command ended: its exit code, or that it ran out of time. */
    record Outcome(int exit, boolean timedOut) {
        boolean ok() {
            return exit == 0 && !timedOut;
        }

        @Override
        public String toString() {
            return timedOut ? "timed out" : "failed with exit code " + exit;
        }
    }

    Outcome run(List<String> command, Path dir, Path log) throws IOException {
        Files.writeString(log, "$ " + String.join(" ", command) + "  (in " + dir + ")\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put("GIT_TERMINAL_PROMPT", "0"); // a clone that needs a password fails, not waits
        Process process = builder.start();
        try {
            if (!process.waitFor((long) (timeoutMinutes * 60_000), TimeUnit.MILLISECONDS)) {
                // The parent first: killed after its children, a shell would go on to its next command (and
                // write output) in the moment between. Its children are listed before, while they are still its.
                List<ProcessHandle> descendants = process.descendants().collect(Collectors.toList());
                process.destroyForcibly();
                descendants.forEach(ProcessHandle::destroyForcibly);
                process.waitFor();
                return new Outcome(-1, true);
            }
            return new Outcome(process.exitValue(), false);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Outcome(-1, true);
        }
    }

    /** How long a short command ({@link #output}) may take: git's own work, never a build. */
    private static final long SHORT_COMMAND_MINUTES = 10;

    /**
     * A short command whose output is wanted (git's): its standard output, or an {@link IOException} saying why not
     * (its exit code and standard error, or that it took longer than {@link #SHORT_COMMAND_MINUTES} minutes: a hook or
     * a prompt waiting for someone). Both streams go to files, so neither can fill and stall the other, and the limit
     * holds while the command prints nothing.
     */
    static String output(Path dir, String... command) throws IOException {
        Path out = Files.createTempFile("bulk-command", ".out");
        Path errors = Files.createTempFile("bulk-command", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(errors.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            builder.environment().put("GIT_TERMINAL_PROMPT", "0");
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(SHORT_COMMAND_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " took longer than " + SHORT_COMMAND_MINUTES + " minutes in " + dir);
            }
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed in " + dir + ": " +
                                      Files.readString(errors, StandardCharsets.UTF_8).trim());
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(errors);
        }
    }
}
