package com.acme.metrics.aggregate;

import com.acme.metrics.event.Event;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Groups the events of one batch into time series and converts them to samples in base units.
 * One instance per pipeline; {@link #setup} runs at the start of every batch.
 */
public final class Aggregator {

    public record MetricDef(String name, Unit unit) {}

    public record Sample(String metric, String source, long timestampMillis, double value) {}

    /** Key of one series. One is created for every event and used as a hash key for the batch. */
    public static final class SeriesKey {
        final String metric;
        final String source;
        final long bucket;
        final String label;

        SeriesKey(String metric, String source, long bucket) {
            this.metric = metric;
            this.source = source;
            this.bucket = bucket;
            this.label = String.format("%s@%s", metric, source);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SeriesKey k && bucket == k.bucket && metric.equals(k.metric) && source.equals(k.source);
        }

        @Override
        public int hashCode() {
            return Objects.hash(metric, source, bucket);
        }

        @Override
        public String toString() {
            return String.format("%s[%s]", label, bucket);
        }
    }

    private static final Set<String> RESERVED_LABELS;

    static {
        List<String> reserved = List.of("le", "quantile", "__name__", "job", "instance");
        Set<String> lower = reserved.stream().map(s -> s.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        RESERVED_LABELS = lower;
    }

    private final Set<String> seenTypes = new HashSet<>();
    private final long bucketMillis;
    private Map<String, Unit> unitsByMetric = Map.of();
    private Map<String, Event> latestBySource = Map.of();

    public Aggregator(long bucketMillis) {
        if (bucketMillis <= 0) {
            throw new IllegalArgumentException("bucket must be positive, got " + bucketMillis + " ms");
        }
        this.bucketMillis = bucketMillis;
    }

    /** Runs at the start of every batch: the catalogue is re-read because metrics can be defined at runtime. */
    public void setup(List<MetricDef> defs) {
        Map<String, Unit> units = new HashMap<>(defs.size());
        for (MetricDef def : defs) {
            units.put(def.name(), def.unit());
        }
        unitsByMetric = units;
    }

    public static boolean isReservedLabel(String name) {
        return RESERVED_LABELS.contains(name);
    }

    /** Per batch: sums the values of each series. */
    public Map<SeriesKey, Double> group(List<Event> batch) {
        seenTypes.addAll(batch.stream().map(Event::type).collect(Collectors.toList()));
        Map<String, Event> latest = new HashMap<>(batch.size());
        for (Event e : batch) {
            if (e.tags().contains("synthetic")) {
                continue;
            }
            latest.merge(e.source(), e, (a, b) -> a.timestamp() >= b.timestamp() ? a : b);
        }
        latestBySource = latest;
        return batch.stream().collect(Collectors.groupingBy(
                e -> new SeriesKey(e.type(), e.source(), e.timestamp() / bucketMillis),
                Collectors.summingDouble(this::valueOf)));
    }

    /** Per batch: one key per event, in arrival order, for the late-data check. */
    public List<SeriesKey> keysOf(List<Event> batch) {
        List<SeriesKey> keys = new ArrayList<>();
        for (Event e : batch) {
            keys.add(new SeriesKey(e.type(), e.source(), e.timestamp() / bucketMillis));
        }
        return keys;
    }

    /** Per batch: converts the grouped sums into samples in base units. */
    public List<Sample> convert(Map<SeriesKey, Double> sums) {
        List<Sample> out = new ArrayList<>(sums.size());
        for (SeriesKey key : sums.keySet()) {
            double total = sums.get(key);
            Unit unit = unitsByMetric.getOrDefault(key.metric, Unit.COUNT);
            out.add(new Sample(unit.seriesName(key.metric), key.source, key.bucket * bucketMillis, unit.toBase(total)));
        }
        return out;
    }

    /** Per event: which of the worker shards owns this series. */
    public int shardOf(Event e, int shards) {
        return Math.floorMod(Objects.hash(e.type(), e.source()), shards);
    }

    /** Per event. */
    double valueOf(Event e) {
        String raw = e.attribute("value");
        if (raw == null) {
            return 1.0;
        }
        try {
            return Double.parseDouble(raw);
        } catch (NumberFormatException withUnit) {
            // most of the fleet still runs the 1.x agent, which sends "12ms" or "3.5kB": this is the usual path, not an error
            String digits = raw.replaceAll("[^0-9.]+", "");
            Unit sent = Unit.parse(raw.substring(digits.length()));
            Unit expected = unitsByMetric.getOrDefault(e.type(), Unit.COUNT);
            return sent.toBase(Double.parseDouble(digits)) / expected.toBase(1.0);
        }
    }

    public Set<String> seenTypes() {
        return seenTypes;
    }

    public Map<String, Event> latestBySource() {
        return latestBySource;
    }
}
