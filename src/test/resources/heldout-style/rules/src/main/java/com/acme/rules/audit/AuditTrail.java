package com.acme.rules.audit;

import com.acme.rules.model.Fact;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The audit trail: one line per rule firing, per rejected event and per evaluation error, written to the audit
 * log, plus one row per firing in the columnar archive. The last {@code capacity} entries stay in memory for the
 * admin page.
 */
public class AuditTrail {

    /** The columnar archive takes one row per entry: all column names first, then all values. */
    public interface ColumnSink {
        void writeRow(String[] namesThenValues);
    }

    private static final String[] NO_PAIRS = new String[0];

    private final Writer log;
    private final ColumnSink archive;
    private final int capacity;
    private final Deque<String> recent = new ArrayDeque<>();
    private long dropped;

    public AuditTrail(Writer log, ColumnSink archive, int capacity) {
        this.log = log;
        this.archive = archive;
        this.capacity = capacity;
    }

    /** Called by the engine each time a rule fires. */
    public void record(String ruleId, int priority, String topic, Map<String, Fact> facts) {
        long at = System.currentTimeMillis();
        String line = String.format("%s FIRED rule=%s prio=%s topic=%s", at, ruleId, priority, topic);
        String[] pairs = facts.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue().getValue()))
                .toArray(String[]::new);
        append(line, pairs);

        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("at", Long.toString(at));
        columns.put("key", auditKey(topic, ruleId));
        columns.put("rule", ruleId);
        columns.put("priority", Integer.toString(priority));
        String[] row = Stream.concat(columns.keySet().stream(), columns.values().stream()).toArray(String[]::new);
        archive.writeRow(row);
    }

    /** Called by the engine for every event that fails validation; the explanation says why. */
    public void recordRejection(String topic, String explanation) {
        long at = System.currentTimeMillis();
        String line = String.format("%s REJECTED topic=%s because %s", at, topic, explanation);
        append(line, NO_PAIRS);
    }

    public void recordError(String text) {
        append(System.currentTimeMillis() + " ERROR " + text, NO_PAIRS);
    }

    /** Partition key of the archive: the topic's domain ("orders" for orders.eu.created) and the rule id. */
    static String auditKey(String topic, String ruleId) {
        int dot = topic.indexOf('.');
        int end = dot < 0 ? topic.length() : dot;
        StringBuilder key = new StringBuilder(end + ruleId.length() + 1);
        key.append(topic.substring(0, end)).append('/').append(ruleId);
        return key.toString();
    }

    private void append(String line, String[] pairs) {
        StringBuilder sb = new StringBuilder(line.length() + 16 * pairs.length);
        sb.append(line);
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            sb.append(' ').append(pairs[i]).append('=').append(pairs[i + 1]);
        }
        String entry = sb.toString();
        synchronized (recent) {
            if (recent.size() == capacity) {
                recent.removeFirst();
            }
            recent.addLast(entry);
        }
        try {
            log.write(entry);
            log.write('\n');
        } catch (IOException e) {
            dropped++;
            System.err.println("audit log write failed (" + e.getMessage() + "), kept in memory only: " + entry);
        }
    }

    @Override
    public String toString() {
        int size;
        String last;
        synchronized (recent) {
            size = recent.size();
            last = recent.peekLast();
        }
        StringBuilder sb = new StringBuilder(96);
        sb.append(String.format("AuditTrail[%s/%s recent, %s dropped", size, capacity, dropped));
        if (last != null) {
            int cut = Math.min(last.length(), 60);
            sb.append(", last=").append(last.substring(0, cut));
        }
        return sb.append(']').toString();
    }
}
