package dev.rewriteperf.report.proc;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Runs a command of a bulk run in a directory, its output appended to the service's log, stopped at the time limit. */
public final class Exec {

    private final double timeoutMinutes;

    public Exec(double timeoutMinutes) {
        this.timeoutMinutes = timeoutMinutes;
    }

    /**
     * How a command ended: its exit code, or that it ran out of time or was stopped by a signal to the tool; with the
     * first error lines it wrote (Maven's {@code [ERROR]} lines, else its last lines) and how many tests its build ran.
     */
    public record Outcome(int exit, boolean timedOut, boolean interrupted, List<String> errors, int testsRun) {
        public boolean ok() {
            return exit == 0 && !timedOut && !interrupted;
        }

        /** {@code failed with exit code 1: [ERROR] Failed to execute goal ...}, for a service's problem line. */
        public String withErrors() {
            return errors.isEmpty() ? toString() : this + ": " + String.join(" | ", errors);
        }

        @Override
        public String toString() {
            return interrupted ? "interrupted" : timedOut ? "timed out" : "failed with exit code " + exit;
        }
    }

    /** How many of a failed command's error lines its outcome quotes. */
    private static final int ERRORS_QUOTED = 3;
    private static final Pattern TESTS_RUN = Pattern.compile("Tests run: (\\d+), Failures: \\d+, Errors: \\d+, Skipped: (\\d+)(.*)");

    public Outcome run(List<String> command, Path dir, Path log) throws IOException {
        Files.writeString(log, "$ " + String.join(" ", command) + "  (in " + dir + ")\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        long from = Files.size(log);
        long started = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put("GIT_TERMINAL_PROMPT", "0"); // a clone that needs a password fails, not waits
        Process process = ChildProcesses.start(builder);
        int exit;
        boolean timedOut = false;
        try {
            if (process.waitFor((long) (timeoutMinutes * 60_000), TimeUnit.MILLISECONDS)) {
                exit = process.exitValue();
            } else {
                // The parent first: killed after its children, a shell would go on to its next command (and
                // write output) in the moment between. Its children are listed before, while they are still its.
                List<ProcessHandle> descendants = process.descendants().collect(Collectors.toList());
                process.destroyForcibly();
                descendants.forEach(ProcessHandle::destroyForcibly);
                exit = process.waitFor();
                timedOut = true;
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            exit = -1;
        } finally {
            ChildProcesses.ended(process);
        }
        boolean interrupted = ChildProcesses.stopping() || Thread.currentThread().isInterrupted();
        Outcome outcome = read(log, from, exit, timedOut && !interrupted, interrupted && exit != 0);
        // How it ended and how long it took, for a person reading the log (and the gauntlet, which times the run).
        Files.writeString(log, String.format(Locale.ROOT, "# %s after %.1f s%n", outcome.ok() ? "ok" : outcome,
                (System.nanoTime() - started) / 1e9), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        return outcome;
    }

    /** The outcome, with what the command wrote to the log after {@code from}: its first errors, the tests it ran. */
    private static Outcome read(Path log, long from, int exit, boolean timedOut, boolean interrupted) throws IOException {
        List<String> errors = new ArrayList<>();
        Deque<String> last = new ArrayDeque<>();
        int testsRun = 0;
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            channel.position(from);
            BufferedReader lines = new BufferedReader(Channels.newReader(channel, StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE), -1));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                Matcher tests = TESTS_RUN.matcher(line);
                if (tests.find() && !tests.group(3).contains(" in ")) {
                    // a module's total, not one class's line; a skipped test did not run
                    testsRun += Integer.parseInt(tests.group(1)) - Integer.parseInt(tests.group(2));
                }
                if (exit != 0 && errors.size() < ERRORS_QUOTED && isFirstError(line)) {
                    errors.add(line.trim());
                }
                if (!line.isBlank()) {
                    last.addLast(line.trim());
                    if (last.size() > ERRORS_QUOTED) {
                        last.removeFirst();
                    }
                }
            }
        }
        if (exit != 0 && errors.isEmpty() && !timedOut && !interrupted) {
            errors.addAll(last);
        }
        return new Outcome(exit, timedOut, interrupted, List.copyOf(errors), testsRun);
    }

    /** An {@code [ERROR]} line that says something, not Maven's advice on how to see more. */
    private static boolean isFirstError(String line) {
        if (!line.startsWith("[ERROR]")) {
            return false;
        }
        String text = line.substring("[ERROR]".length()).trim();
        return !text.isEmpty() && !text.startsWith("-> [Help") && !text.startsWith("To see the full stack trace") &&
               !text.startsWith("Re-run Maven") && !text.startsWith("For more information") && !text.startsWith("[Help");
    }

    /** How long a short command ({@link #output}) may take: git's own work, never a build. */
    private static final long SHORT_COMMAND_MINUTES = 10;

    /**
     * A short command whose output is wanted (git's): its standard output, or an {@link IOException} saying why not
     * (its exit code and standard error, or that it took longer than {@link #SHORT_COMMAND_MINUTES} minutes: a hook or
     * a prompt waiting for someone). Both streams go to files, so neither can fill and stall the other, and the limit
     * holds while the command prints nothing.
     */
    public static String output(Path dir, String... command) throws IOException {
        Path out = Files.createTempFile("bulk-command", ".out");
        Path errors = Files.createTempFile("bulk-command", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(errors.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            builder.environment().put("GIT_TERMINAL_PROMPT", "0");
            Process process = ChildProcesses.start(builder);
            process.getOutputStream().close();
            boolean ended;
            try {
                ended = process.waitFor(SHORT_COMMAND_MINUTES, TimeUnit.MINUTES);
            } finally {
                if (process.isAlive()) {
                    process.destroyForcibly();
                }
                ChildProcesses.ended(process);
            }
            if (!ended) {
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
