package com.acme.metrics.export;

import com.acme.metrics.core.Meter;
import com.acme.metrics.core.MetricId;
import com.acme.metrics.core.MetricRegistry;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Pushes the delta of every meter to the configured sinks. Scheduled at a fixed rate (10 s by
 * default); each tick writes one record per meter to every sink.
 */
public final class Reporter implements Runnable {

    static final int MAGIC = 0x4D544331; // "MTC1", columnar push protocol
    static final int VERSION = 3;
    static final int PROTOCOL_HASH = Objects.hash(MAGIC, VERSION);
    static final byte[] HEADER = new byte[8];

    static {
        HEADER[0] = (byte) (MAGIC >>> 24);
        HEADER[1] = (byte) (MAGIC >>> 16);
        HEADER[2] = (byte) (MAGIC >>> 8);
        HEADER[3] = (byte) MAGIC;
        HEADER[7] = (byte) VERSION;
    }

    /** Where a tick's records go; {@link #write} is called once per meter per tick. */
    public interface Sink {
        void write(Meter meter, long delta) throws IOException;

        default void retire(Set<MetricId> ids) throws IOException {
        }

        default void flush() throws IOException {
        }
    }

    private final MetricRegistry registry;
    private final List<Sink> sinks;
    private final String host;
    private final int port;
    private Map<MetricId, Long> lastCounts = new HashMap<>();
    private int failures;

    public Reporter(MetricRegistry registry, List<Sink> sinks, String host, int port) {
        this.registry = registry;
        this.sinks = new ArrayList<>(sinks);
        this.host = host;
        this.port = port;
    }

    public ScheduledFuture<?> start(ScheduledExecutorService scheduler, long periodSeconds) {
        return scheduler.scheduleAtFixedRate(this, periodSeconds, periodSeconds, TimeUnit.SECONDS);
    }

    @Override
    public void run() {
        List<Meter> meters = registry.meters();
        Map<MetricId, Long> current = new HashMap<>(meters.size());
        for (Meter meter : meters) {
            current.put(meter.id(), countOf(meter));
        }
        Set<MetricId> vanished = new HashSet<>();
        vanished.addAll(lastCounts.keySet());
        vanished.removeAll(current.keySet());
        try {
            for (Meter meter : meters) {
                long now = current.get(meter.id());
                Long before = lastCounts.get(meter.id());
                long delta = before == null ? now : now - before;
                for (Sink sink : sinks) {
                    sink.write(meter, delta);
                }
            }
            for (Sink sink : sinks) {
                sink.retire(vanished);
                sink.flush();
            }
            lastCounts = current;
            failures = 0;
        } catch (IOException e) {
            failures++;
            String reason = e.getMessage();
            System.err.println(String.format("metrics push to %s:%s failed (%s in a row): %s", host, port, failures, reason));
        }
    }

    private static long countOf(Meter meter) {
        if (meter instanceof Meter.Counter) {
            return ((Meter.Counter) meter).count();
        }
        if (meter instanceof Meter.Timer) {
            return ((Meter.Timer) meter).count();
        }
        if (meter instanceof Meter.Histogram) {
            return ((Meter.Histogram) meter).count();
        }
        return 0;
    }

    /** DogStatsD lines: {@code name:delta|c|#key:value,key:value}. */
    public static final class StatsdSink implements Sink {
        private final Writer out;

        public StatsdSink(Writer out) {
            this.out = out;
        }

        @Override
        public void write(Meter meter, long delta) throws IOException {
            Map<String, String> tags = meter.id().tags();
            String[] ddTags = tags.entrySet().stream()
                    .map(e -> e.getKey() + ":" + e.getValue())
                    .toArray(String[]::new);
            out.write(meter.id().name());
            out.write(':');
            out.write(Long.toString(delta));
            out.write("|c");
            if (ddTags.length > 0) {
                out.write("|#");
                out.write(String.join(",", ddTags));
            }
            out.write('\n');
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }

    /** Binary push to the collector: per record the name, the tag keys, the tag values, the delta. */
    public static final class BinarySink implements Sink {
        private final OutputStream out;
        private final byte[] buf = new byte[64 * 1024];
        private int pos;

        public BinarySink(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(Meter meter, long delta) throws IOException {
            if (pos == 0) {
                System.arraycopy(HEADER, 0, buf, 0, HEADER.length);
                pos = HEADER.length;
            }
            String[] columns = tagColumns(meter.id().tags());
            pos = putString(meter.id().name(), pos);
            buf[pos++] = (byte) columns.length;
            for (String column : columns) {
                pos = putString(column, pos);
            }
            putLong(buf, pos, delta);
            pos += 8;
            if (pos > buf.length - 4096) {
                flush();
            }
        }

        @Override
        public void flush() throws IOException {
            out.write(buf, 0, pos);
            out.flush();
            pos = 0;
        }

        /** Columnar tag layout, all keys then all values: the collector compresses it better. */
        static String[] tagColumns(Map<String, String> tags) {
            List<String> keys = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (Map.Entry<String, String> e : tags.entrySet()) {
                keys.add(e.getKey());
                values.add(e.getValue());
            }
            keys.addAll(values);
            return keys.toArray(new String[0]);
        }

        private int putString(String s, int at) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            buf[at] = (byte) (bytes.length >>> 8);
            buf[at + 1] = (byte) bytes.length;
            System.arraycopy(bytes, 0, buf, at + 2, bytes.length);
            return at + 2 + bytes.length;
        }

        static void putLong(byte[] b, int off, long v) {
            b[off] = (byte) (v >>> 56);
            b[off + 1] = (byte) (v >>> 48);
            b[off + 2] = (byte) (v >>> 40);
            b[off + 3] = (byte) (v >>> 32);
            b[off + 4] = (byte) (v >>> 24);
            b[off + 5] = (byte) (v >>> 16);
            b[off + 6] = (byte) (v >>> 8);
            b[off + 7] = (byte) v;
        }
    }

    /** Wide CSV rows for the data lake: name, tag keys, tag values, delta. */
    public static final class CsvSink implements Sink {
        private final Writer out;

        public CsvSink(Writer out) {
            this.out = out;
        }

        @Override
        public void write(Meter meter, long delta) throws IOException {
            Map<String, String> tags = meter.id().tags();
            String[] cells = Stream.concat(tags.keySet().stream(), tags.values().stream()).toArray(String[]::new);
            out.write(meter.id().name());
            for (String cell : cells) {
                out.write(',');
                out.write(cell);
            }
            out.write(',');
            out.write(Long.toString(delta));
            out.write('\n');
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }
}
