package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.model.ServiceResult;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * What a bulk run is doing, as it goes: services done, running and failed, the time elapsed and an estimate of what is
 * left (the elapsed time per finished service, times those left). On a terminal one status line is redrawn every second
 * below a line per finished service; elsewhere (a CI log, a file) each start and finish is a plain line of its own.
 */
final class Progress implements AutoCloseable {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    private final PrintStream out;
    private final boolean live;
    private final int total;
    private final LongSupplier clock;
    private final long start;
    private final Set<String> running = new LinkedHashSet<>();
    private int done;
    private int failed;
    private int resumed;
    private final ScheduledExecutorService ticker;

    Progress(PrintStream out, boolean live, int total, LongSupplier clock) {
        this(out, live, total, clock, live);
    }

    /** {@code ticking}: redraw the live line every second (tests draw it only on events, at their clock's times). */
    Progress(PrintStream out, boolean live, int total, LongSupplier clock, boolean ticking) {
        this.out = out;
        this.live = live;
        this.total = total;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.ticker = ticking ? Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "bulk-progress");
            thread.setDaemon(true);
            return thread;
        }) : null;
        if (ticker != null) {
            ticker.scheduleAtFixedRate(this::redraw, 1, 1, TimeUnit.SECONDS);
        }
    }

    /**
     * Live on a terminal that is not a CI log: {@code auto} asks where standard error goes (the display's stream), on
     * Linux through {@code /proc}, elsewhere the JVM's console; {@code live}/{@code plain} say.
     */
    static boolean live(String mode) {
        if (mode.equals("live") || mode.equals("plain")) {
            return mode.equals("live");
        }
        return stderrIsTerminal() && !"dumb".equals(System.getenv("TERM")) && System.getenv("CI") == null;
    }

    private static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null && isTerminal();
        }
    }

    /** {@code Console.isTerminal()} where the JDK has it (22+): from 22 on, a console exists even when redirected. */
    private static boolean isTerminal() {
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(System.console());
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    synchronized void started(String service) {
        running.add(service);
        if (live) {
            redraw();
        } else {
            out.printf(Locale.ROOT, "[%s] %s: started (%d running)%n", now(), service, running.size());
        }
    }

    /** {@code resumed}: an earlier run's result, read back at once; it does not count towards the time per service. */
    synchronized void finished(ServiceResult result, boolean failure, boolean resumed) {
        running.remove(result.name());
        done++;
        this.resumed += resumed ? 1 : 0;
        failed += failure ? 1 : 0;
        String line = String.format(Locale.ROOT, "[%d/%d] %s: %s (%d change(s), %d left alone)", done, total, result.name(),
                result.status().text(), result.changes(), result.leftAlone());
        if (live) {
            out.print("\r\033[2K" + line + "\n");
            redraw();
        } else {
            out.printf(Locale.ROOT, "[%s] %s; %s%n", now(), line, status());
        }
    }

    /** {@code 3/10 done, 2 running, 1 failed, 01:02 elapsed, about 02:04 left}. */
    synchronized String status() {
        long elapsed = clock.getAsLong() - start;
        int ran = done - resumed;
        String left = ran == 0 ? "time left not known yet" : "about " + duration(elapsed / ran * (total - done)) + " left";
        return String.format(Locale.ROOT, "%d/%d done, %d running, %d failed, %s elapsed, %s", done, total, running.size(),
                failed, duration(elapsed), left);
    }

    private synchronized void redraw() {
        String names = running.isEmpty() ? "" : " (" + String.join(", ", running) + ")";
        String line = status() + names;
        int width = columns();
        out.print("\r\033[2K" + (line.length() >= width ? line.substring(0, width - 2) + "…" : line));
        out.flush();
    }

    /** The terminal's width, where the shell exports it, so that the status line never wraps. */
    private static int columns() {
        try {
            return Math.max(40, Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "120")));
        } catch (NumberFormatException e) {
            return 120;
        }
    }

    private String now() {
        return LocalTime.now().format(CLOCK);
    }

    static String duration(long nanos) {
        Duration d = Duration.ofNanos(Math.max(0, nanos));
        return d.toHours() > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", d.toHours(), d.toMinutesPart(), d.toSecondsPart())
                : String.format(Locale.ROOT, "%02d:%02d", d.toMinutesPart(), d.toSecondsPart());
    }

    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
        if (live) {
            out.print("\r\033[2K" + status() + "\n");
        } else {
            out.printf(Locale.ROOT, "[%s] %s%n", now(), status());
        }
        out.flush();
    }
}
