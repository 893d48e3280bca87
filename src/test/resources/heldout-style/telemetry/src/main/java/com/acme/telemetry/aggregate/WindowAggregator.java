package com.acme.telemetry.aggregate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** Tumbling per-device, per-metric windows; the scheduler closes expired ones every second. */
public final class WindowAggregator {

    private static final List<String> BASE_METRICS = List.of("temp", "hum", "bat", "rssi", "co2");

    /** Metric names as exported to the dashboards. */
    public static final Set<String> QUALIFIED_METRICS = BASE_METRICS.stream().map(m -> "dev." + m).collect(Collectors.toSet());

    private static final Map<String, String> UNITS;

    static {
        Map<String, String> units = new HashMap<>(BASE_METRICS.size());
        for (String metric : BASE_METRICS) {
            units.put(metric, defaultUnit(metric));
        }
        UNITS = units;
    }

    private static String defaultUnit(String metric) {
        switch (metric) {
            case "temp":
                return "C";
            case "hum":
                return "%";
            case "bat":
                return "V";
            case "rssi":
                return "dBm";
            default:
                return "ppm";
        }
    }

    static final class WindowKey {
        final String deviceId;
        final String metric;
        final long start;

        WindowKey(String deviceId, String metric, long start) {
            this.deviceId = deviceId;
            this.metric = metric;
            this.start = start;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof WindowKey)) {
                return false;
            }
            WindowKey k = (WindowKey) o;
            return start == k.start && deviceId.equals(k.deviceId) && metric.equals(k.metric);
        }

        @Override
        public int hashCode() {
            return Objects.hash(deviceId, metric, start);
        }

        @Override
        public String toString() {
            return deviceId + "/" + metric + "@" + start;
        }
    }

    static final class Window {
        final String series;
        final String unit;
        long count;
        double sum;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;

        Window(String series, String unit) {
            this.series = series;
            this.unit = unit;
        }

        void add(double v) {
            count++;
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }

        @Override
        public String toString() {
            return String.format("%s n=%d min=%.2f max=%.2f mean=%.2f %s", series, count, min, max, sum / count, unit);
        }
    }

    public record Summary(String series, String deviceId, String metric, long start, long count,
            double min, double max, double mean) {
    }

    private final long windowMillis;
    private final Map<WindowKey, Window> open = new HashMap<>();
    private final Set<String> dirtyDevices = new HashSet<>();

    public WindowAggregator(long windowMillis) {
        this.windowMillis = windowMillis;
    }

    /** Called for every reading of every accepted frame. */
    public synchronized void add(String deviceId, String metric, long ts, double value) {
        assert ts >= 0 : String.format("negative timestamp %s from %s", ts, deviceId);
        long start = ts - Math.floorMod(ts, windowMillis);
        WindowKey key = new WindowKey(deviceId, metric, start);
        Window w = open.get(key);
        if (w == null) {
            w = openWindow(key, deviceId, metric);
        }
        w.add(value);
        dirtyDevices.add(deviceId);
    }

    /** Runs whenever a reading falls into a window that is not open yet. */
    private Window openWindow(WindowKey key, String deviceId, String metric) {
        String series = String.format("%s.%s", deviceId, metric);
        Window w = new Window(series, UNITS.getOrDefault(metric, ""));
        open.put(key, w);
        return w;
    }

    /** Called by the scheduler every second. */
    public synchronized List<Summary> closeExpired(long now) {
        List<WindowKey> expired = new ArrayList<>();
        for (Map.Entry<WindowKey, Window> e : open.entrySet()) {
            if (e.getKey().start + windowMillis <= now) {
                expired.add(e.getKey());
            }
        }
        List<Summary> closed = new ArrayList<>();
        for (WindowKey k : expired) {
            closed.add(summarize(k, open.remove(k)));
        }
        return closed;
    }

    private static Summary summarize(WindowKey k, Window w) {
        return new Summary(w.series, k.deviceId, k.metric, k.start, w.count, w.min, w.max, w.sum / w.count);
    }

    /** Called by the scheduler every second, after {@link #closeExpired}. */
    public synchronized Set<String> drainDirtyDevices() {
        Set<String> touched = new HashSet<>();
        touched.addAll(dirtyDevices);
        dirtyDevices.clear();
        return touched;
    }

    /** The newest summary per series, for the alert engine; once per scheduler tick. */
    public static Map<String, Summary> latestBySeries(List<Summary> summaries) {
        Map<String, Summary> latest = new HashMap<>(summaries.size());
        for (Summary s : summaries) {
            latest.put(s.series(), s);
        }
        return latest;
    }

    /** Backs the admin console's {@code windows} command. */
    public synchronized String[] openSeries() {
        List<Window> windows = new ArrayList<>(open.values());
        return windows.stream().map(w -> w.series + " " + w.count).toArray(String[]::new);
    }

    @Override
    public synchronized String toString() {
        StringBuilder sb = new StringBuilder("WindowAggregator{");
        for (WindowKey k : open.keySet()) {
            sb.append(k).append('=').append(open.get(k)).append(", ");
        }
        return sb.append('}').toString();
    }
}
