package com.acme.docconv.cli;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A console progress line for the command line tool: no Swing, just a carriage return and the current position,
 * redrawn at most every {@code docconv.progress} milliseconds.
 */
public final class ProgressReporter implements Main.ConversionListener {

    private final PrintStream out;
    private final long intervalNanos;
    private final int width;
    private final Map<String, Integer> perFile = new LinkedHashMap<>();
    private volatile String current = "";
    private long rows;
    private int failures;
    private String lastFile;
    private int lastIndex = -1;
    private long lastPrint;

    {
        String[] parts = System.getProperty("docconv.progress", "250, 100").split("\\s*,\\s*");
        intervalNanos = TimeUnit.MILLISECONDS.toNanos(Long.parseLong(parts[0]));
        width = Integer.parseInt(parts[1]);
    }

    public ProgressReporter(PrintStream out) {
        this.out = out;
    }

    /** The position shown by the status line; read by the watchdog thread. */
    public String current() {
        return current;
    }

    @Override
    public void onRow(String file, int index) {
        boolean sameFile = file.equals(lastFile);
        assert !sameFile || index > lastIndex : String.format("row %s of %s reported twice", index, file);
        if (sameFile && index < lastIndex) {
            throw new IllegalStateException("rows of " + file + " out of order: " + index + " after " + lastIndex);
        }
        lastFile = file;
        lastIndex = index;
        rows++;
        current = String.format("%s: row %s (%s rows in all)", file, index, rows);
        long now = System.nanoTime();
        if (now - lastPrint >= intervalNanos) {
            lastPrint = now;
            out.print('\r' + pad(current));
        }
    }

    @Override
    public void onFileDone(String file, int count) {
        perFile.put(file, count);
        lastFile = null;
        lastIndex = -1;
        out.print('\r' + pad(file + " done"));
        out.println();
    }

    @Override
    public void onFailure(String file, Exception e) {
        failures++;
        out.println();
        out.println("FAILED " + file + ": " + e.getMessage());
    }

    public int failures() {
        return failures;
    }

    private String pad(String text) {
        if (text.length() >= width) {
            return text.substring(0, width);
        }
        return text + " ".repeat(width - text.length());
    }

    @Override
    public String toString() {
        String[] pairs = perFile.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), String.valueOf(e.getValue())))
                .toArray(String[]::new);
        String files = String.join(" ", pairs);
        return String.format("ProgressReporter[%s rows, %s failures: %s]", rows, failures, files);
    }
}
