package com.acme.netserver;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** Per-command call counts and latencies, plus connection counts. Thread-safe. */
public final class MetricsReporter {
    private static final LongAdder ZERO = new LongAdder();

    private final ConcurrentHashMap<String, LongAdder> calls = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> nanos = new ConcurrentHashMap<>();
    private final AtomicInteger openConnections = new AtomicInteger();
    private final LongAdder connectionsTotal = new LongAdder();
    private final long startedAt = System.currentTimeMillis();

    void connectionOpened() {
        openConnections.incrementAndGet();
        connectionsTotal.increment();
    }

    void connectionClosed() {
        openConnections.decrementAndGet();
    }

    /** Counts one handled message; the event loop calls it after every handler. */
    public void record(String command, long elapsedNanos) {
        calls.computeIfAbsent(command, k -> new LongAdder()).increment();
        nanos.computeIfAbsent(command, k -> new LongAdder()).add(elapsedNanos);
    }

    public void recordFailure(String command) {
        failures.computeIfAbsent(command, k -> new LongAdder()).increment();
    }

    /** The STATS answer: one line per command. Runs for every STATS message. */
    public List<String> snapshot() {
        List<String> lines = new ArrayList<>(calls.size() + 1);
        lines.add("connections open=" + openConnections.get() + " total=" + connectionsTotal.sum());
        for (String command : calls.keySet()) {
            long count = calls.get(command).sum();
            long micros = nanos.getOrDefault(command, ZERO).sum() / 1000 / Math.max(1, count);
            lines.add(String.format("%s calls=%s avg_us=%s", command, count, micros));
        }
        return lines;
    }

    /** Prints the totals, for a shutdown hook or an operator's console. */
    public void dump(PrintStream out) {
        out.println("totals since " + Instant.ofEpochMilli(startedAt));
        for (String command : calls.keySet()) {
            long failed = failures.getOrDefault(command, ZERO).sum();
            out.println("  " + command + ": " + calls.get(command).sum() + " calls, " + failed + " failed");
        }
    }
}
