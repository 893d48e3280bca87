package org.lib.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small thread-safe log of text entries.
 */
public class Journal {

    private final List<String> entries = new ArrayList<>();
    private final String owner;

    {
        entries.add(String.format("%s opened by %s", "journal", Thread.currentThread().getName()));
    }

    public Journal(String owner) {
        this.owner = owner;
    }

    public synchronized void append(String line) {
        entries.add(line.replaceAll("\\s+", " ").trim());
    }

    public synchronized List<String> snapshot() {
        List<String> out = new ArrayList<>();
        for (String entry : entries) {
            out.add(owner + ": " + entry);
        }
        return out;
    }

    public synchronized int size() {
        return entries.size();
    }

    public Recorder recorder(String category) {
        return new Recorder(category);
    }

    /**
     * Writes counters into the enclosing journal.
     */
    public final class Recorder {
        private final String category;

        Recorder(String category) {
            this.category = category;
        }

        public void record(Map<String, Integer> counts) {
            for (String key : counts.keySet()) {
                Integer value = counts.get(key);
                String safeKey = key.replaceAll("[^A-Za-z0-9]+", "_");
                append(String.format("%s.%s=%s", category, safeKey, value));
            }
        }
    }
}
