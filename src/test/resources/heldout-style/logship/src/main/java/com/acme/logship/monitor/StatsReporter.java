package com.acme.logship.monitor;

import com.acme.logship.tail.FileTailer;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Self-monitoring: counters bumped by the pipeline and the shipper, and a daemon thread
 * that prints them once a minute.
 */
public class StatsReporter implements Runnable {

    private final AtomicLong shipped = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong queued = new AtomicLong();
    private final Map<String, AtomicLong> perKey = new ConcurrentHashMap<>();
    private final List<FileTailer> tailers;
    private final PrintStream out;
    private final long periodMillis;
    private volatile boolean running = true;

    public StatsReporter(List<FileTailer> tailers, PrintStream out, long periodMillis) {
        this.tailers = tailers;
        this.out = out;
        this.periodMillis = periodMillis;
    }

    /** Bumped by the pipeline for every event it lets through. */
    public void record(String source, String level) {
        String key = String.format("%s|%s", source, level);
        perKey.computeIfAbsent(key, k -> new AtomicLong()).incrementAndGet();
        queued.incrementAndGet();
    }

    public void shipped(int events) {
        shipped.addAndGet(events);
        queued.addAndGet(-events);
    }

    public void failed(int events) {
        failed.addAndGet(events);
        queued.addAndGet(-events);
    }

    public void stop() {
        running = false;
    }

    @Override
    public void run() {
        while (running) {
            try {
                TimeUnit.MILLISECONDS.sleep(periodMillis);
            } catch (InterruptedException e) {
                out.println("logship: stats thread " + Thread.currentThread().getName() + " interrupted, stopping");
                return;
            }
            report();
        }
    }

    /** Runs once per period (a minute by default), only to print. */
    void report() {
        long s = shipped.get();
        long f = failed.get();
        long q = queued.get();
        int files = tailers.size();
        out.println(String.format("logship stats: shipped=%s failed=%s queued=%s files=%s", s, f, q, files));
        for (String key : perKey.keySet()) {
            long count = perKey.get(key).get();
            out.println("  " + key + " " + count);
        }
        List<String> positions = tailers.stream().map(FileTailer::toString).collect(Collectors.toList());
        for (String p : positions) {
            out.println("  " + p);
        }
    }
}
