package org.lib.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Processes tab separated lines on a fixed thread pool.
 */
public class BatchRunner {

    private static final List<String> KNOWN_FORMATS;
    private static final Map<String, String> ALIASES;

    static {
        List<String> raw = Arrays.asList(" tsv", "csv ", " psv ");
        KNOWN_FORMATS = raw.stream().map(String::trim).collect(Collectors.toList());
        Map<String, String> aliases = new HashMap<>(raw.size());
        for (String format : raw) {
            aliases.put(format.trim(), format.trim().toUpperCase(Locale.ROOT));
        }
        ALIASES = Collections.unmodifiableMap(aliases);
    }

    private final String name;
    private final ExecutorService pool;
    private final List<String> results = Collections.synchronizedList(new ArrayList<String>());
    private int submitted;

    public BatchRunner(String name, int threads) {
        assert threads > 0 : String.format("threads must be positive, was %s for %s", threads, name);
        this.name = name;
        this.pool = Executors.newFixedThreadPool(threads);
    }

    /**
     * Queues every line; each one is processed by its own task.
     */
    public void submitAll(List<String> lines) {
        for (final String line : lines) {
            pool.submit(new Runnable() {
                @Override
                public void run() {
                    results.add(process(line));
                }
            });
        }
        submitted += lines.size();
    }

    private String process(String line) {
        checkLine(line);
        List<String> fields = Arrays.asList(line.split("\\t+"));
        Map<String, Integer> widths = new HashMap<>(fields.size());
        for (String field : fields) {
            widths.put(field, field.length());
        }
        try {
            int weight = Integer.parseInt(fields.get(0).trim());
            return String.format("%s: %s fields, %s distinct, weight %s", name, fields.size(), widths.size(), weight);
        } catch (NumberFormatException e) {
            String head = fields.get(0).replaceAll("[^A-Za-z0-9]+", "?");
            return String.format("%s: unweighted line starting %s", name, head);
        }
    }

    /**
     * Waits for the queued lines and returns one summary per line.
     */
    public List<String> finish(long timeoutSeconds) throws InterruptedException {
        pool.shutdown();
        pool.awaitTermination(timeoutSeconds, TimeUnit.SECONDS);
        requireComplete(results.size(), submitted);
        synchronized (results) {
            return new ArrayList<>(results);
        }
    }

    void requireComplete(int done, int total) {
        if (done < total) {
            String message = String.format("only %s of %s lines were processed by %s", done, total, name);
            throw new IllegalStateException(message);
        }
    }

    void checkLine(String line) {
        if (line.trim().isEmpty()) {
            throw new IllegalArgumentException(String.format("blank line submitted to %s", name));
        }
    }

    /**
     * Rejects input in which some line has no tab at all.
     */
    public static void validate(List<String> lines) {
        List<String> bad = new ArrayList<>();
        for (String line : lines) {
            if (line.indexOf('\t') < 0) {
                bad.add(line);
            }
        }
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException("lines without a tab: " + rejectedSummary(bad));
        }
    }

    private static String rejectedSummary(List<String> bad) {
        List<String> trimmed = new ArrayList<>();
        for (String line : bad) {
            trimmed.add(line.trim());
        }
        return String.join(", ", trimmed);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("BatchRunner[%s, %s of %s done]", name, results.size(), submitted));
        for (String key : ALIASES.keySet()) {
            String alias = ALIASES.get(key);
            sb.append(' ').append(key).append("->").append(alias);
        }
        return sb.toString();
    }

    public static void main(String[] args) throws InterruptedException {
        List<String> trimmed = Arrays.stream(args).map(String::trim).collect(Collectors.toList());
        String[] words = String.join(" ", trimmed).split("\\s+");
        System.out.println(words.length + " words, formats " + KNOWN_FORMATS);
        BatchRunner runner = new BatchRunner("cli", 2);
        System.out.println(runner);
        runner.finish(1);
    }
}
