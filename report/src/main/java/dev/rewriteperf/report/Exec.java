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
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
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

    /** A short command whose output is wanted (git's): its standard output, or an {@link IOException} saying why not. */
    static String output(Path dir, String... command) throws IOException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (process.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " failed in " + dir + ": " + err.trim());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command));
        }
        return out;
    }
}
