package com.acme.tsdb.query;

import com.acme.tsdb.index.SeriesIndex;
import com.acme.tsdb.logging.Log;
import com.acme.tsdb.model.SeriesKey;
import com.acme.tsdb.storage.BlockReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs queries against the series index and the block files. There is one engine per process; the HTTP layer
 * calls {@link #parse} and {@link #execute} for every request, then one of the writers for the response.
 */
public final class QueryEngine {

    private static final Log log = Log.get(QueryEngine.class);
    private static final List<String> AGGREGATES = List.of("raw", "mean", "sum", "min", "max", "count", "last");
    private static final int CACHE_LIMIT = 10_000;

    /** {@code fields} and {@code filters} as the user wrote them; the window is {@code [start, end)}. */
    public record Query(String database, String measurement, List<String> fields, Map<String, String> filters,
                        long start, long end, String aggregate) {
    }

    public record SeriesResult(Map<String, String> tags, String[] columns, long[] timestamps, double[][] values) {
    }

    public record QueryResult(String database, String measurement, List<SeriesResult> series, long tookNanos) {
        @Override
        public String toString() {
            int seriesCount = series.size();
            return String.format(Locale.ROOT, "QueryResult[%s.%s: %d series in %d ns]", database, measurement, seriesCount, tookNanos);
        }
    }

    private final SeriesIndex index;
    private final Path dataDir;
    private final Map<String, QueryResult> cache = new ConcurrentHashMap<>();
    private final Set<String> supported;

    {
        supported = AGGREGATES.stream().map(a -> a.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());
    }

    public QueryEngine(SeriesIndex index, Path dataDir) {
        this.index = index;
        this.dataDir = dataDir;
    }

    /** {@code <db> <measurement> <field,field..> <start> <end> <aggregate> [tag=value ..]} */
    public static Query parse(String text) {
        String[] tokens = text.trim().split("\\s+");
        if (tokens.length < 6) {
            throw new IllegalArgumentException("expected '<db> <measurement> <fields> <start> <end> <aggregate> [tag=value..]': " + text);
        }
        Map<String, String> filters = new TreeMap<>();
        for (int i = 6; i < tokens.length; i++) {
            int eq = tokens[i].indexOf('=');
            filters.put(tokens[i].substring(0, eq), tokens[i].substring(eq + 1));
        }
        List<String> fields = Arrays.asList(tokens[2].split(","));
        return new Query(tokens[0], tokens[1], fields, filters, Long.parseLong(tokens[3]), Long.parseLong(tokens[4]), tokens[5]);
    }

    public QueryResult execute(Query q) throws IOException {
        long began = System.nanoTime();
        long start = q.start();
        long end = q.end();
        assert start <= end : String.format(Locale.ROOT, "window starts at %d, after its end %d", start, end);
        String aggregate = q.aggregate();
        if (!supported.contains(aggregate.toUpperCase(Locale.ROOT))) {
            throw new IllegalArgumentException(String.format("unknown aggregate '%s'", aggregate));
        }
        String db = q.database();
        String measurement = q.measurement();
        String filters = q.filters().toString();
        String cacheKey = String.format(Locale.ROOT, "%s|%s|%s|%s|%d|%d", db, measurement, filters, aggregate, start, end);
        QueryResult cached = cache.get(cacheKey);
        if (cached != null) {
            return cached;
        }

        Set<Long> ids = index.match(measurement, q.filters());
        String[] columns = q.fields().stream().map(f -> measurement + "." + f).toArray(String[]::new);
        ResultBuilder builder = new ResultBuilder(q.fields());
        for (Path file : blockFiles(db)) {
            for (BlockReader.Sample s : BlockReader.open(file).scan(start, end)) {
                if (ids.contains(s.seriesId())) {
                    builder.add(s);
                }
            }
        }
        List<SeriesResult> series = new ArrayList<>();
        for (Map.Entry<Long, SeriesKey> e : index.resolve(new ArrayList<>(ids)).entrySet()) {
            if (builder.has(e.getKey())) {
                series.add(builder.build(e.getKey(), e.getValue().tags(), columns, aggregate));
            }
        }
        QueryResult result = new QueryResult(db, measurement, series, System.nanoTime() - began);
        if (cache.size() >= CACHE_LIMIT) {
            cache.clear();
        }
        cache.put(cacheKey, result);
        double millis = result.tookNanos() / 1e6;
        log.info(String.format("query %s took %.3f ms", cacheKey, millis));
        if (log.isDebugEnabled()) {
            log.debug("served " + result);
        }
        return result;
    }

    /** Series names matching a filter, for the API's series listing. */
    public List<String> seriesNames(String measurement, Map<String, String> filters) {
        Set<Long> ids = index.match(measurement, filters);
        return ids.stream().map(id -> index.keyOf(id).canonical()).collect(Collectors.toList());
    }

    public Set<String> showMeasurements(Collection<Long> visibleSeries) {
        return index.measurements(visibleSeries);
    }

    public List<String> tagValues(String tagKey) {
        return index.tagValues(tagKey);
    }

    /** A readable plan; only the admin CLI's {@code explain} command calls this. */
    public String explain(Query q) {
        String filters = q.filters().toString().replaceAll("[{}]", "");
        return "scan " + q.database() + "/" + q.measurement()
                + (filters.isEmpty() ? "" : " where " + filters)
                + " fields " + q.fields() + " in [" + q.start() + ", " + q.end() + ") aggregate " + q.aggregate();
    }

    private List<Path> blockFiles(String db) throws IOException {
        Path dir = dataDir.resolve(db);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir, 2)) {
            return files.filter(p -> p.toString().endsWith(".tsb")).sorted().collect(Collectors.toList());
        }
    }

    /** Labels of one series in the JSON response, keys then values: k1, k2, .., v1, v2, .. */
    static String[] labels(Map<String, String> tags) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            keys.add(tag.getKey());
            values.add(tag.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    /** JSON rendering of a result (the API's default). */
    public static void writeJson(QueryResult result, StringBuilder out) {
        out.append("{\"series\":[");
        List<SeriesResult> series = result.series();
        for (int i = 0; i < series.size(); i++) {
            SeriesResult s = series.get(i);
            out.append(i == 0 ? "{" : ",{").append("\"labels\":[");
            String[] labels = labels(s.tags());
            for (int j = 0; j < labels.length; j++) {
                out.append(j == 0 ? "\"" : ",\"");
                appendEscaped(out, labels[j]);
                out.append('"');
            }
            out.append("],\"points\":[");
            for (int r = 0; r < s.timestamps().length; r++) {
                out.append(r == 0 ? "[" : ",[").append(s.timestamps()[r]);
                for (double v : s.values()[r]) {
                    out.append(',').append(v);
                }
                out.append(']');
            }
            out.append("]}");
        }
        out.append("]}");
    }

    /** CSV rendering of a result, for {@code Accept: text/csv}. */
    public static void writeCsv(QueryResult result, StringBuilder out) {
        for (SeriesResult s : result.series()) {
            Map<String, String> tags = s.tags();
            String[] header = Stream.concat(tags.keySet().stream(), tags.values().stream()).toArray(String[]::new);
            out.append("# ");
            for (String label : header) {
                out.append(String.format("%s;", label));
            }
            out.append('\n');
            for (int r = 0; r < s.timestamps().length; r++) {
                out.append(s.timestamps()[r]);
                for (double v : s.values()[r]) {
                    out.append(',').append(v);
                }
                out.append('\n');
            }
        }
    }

    static void appendEscaped(StringBuilder out, String text) {
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append(text.substring(start, i)).append('\\').append(c);
                start = i + 1;
            }
        }
        out.append(text.substring(start, text.length()));
    }

    /** Collects the samples of one query; {@link #execute} makes a new one for every query. */
    static final class ResultBuilder {

        private final List<String> fields;
        private final Set<String> wanted;
        private final Map<Long, List<BlockReader.Sample>> bySeries = new HashMap<>();

        ResultBuilder(List<String> fields) {
            this.fields = fields;
            this.wanted = fields.stream().map(f -> f.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        }

        void add(BlockReader.Sample s) {
            for (String field : s.fields().keySet()) {
                if (wanted.contains(field.toLowerCase(Locale.ROOT))) {
                    bySeries.computeIfAbsent(s.seriesId(), id -> new ArrayList<>()).add(s);
                    return;
                }
            }
        }

        boolean has(long seriesId) {
            return bySeries.containsKey(seriesId);
        }

        SeriesResult build(long seriesId, Map<String, String> tags, String[] columns, String aggregate) {
            List<BlockReader.Sample> samples = bySeries.get(seriesId);
            samples.sort(Comparator.comparingLong(BlockReader.Sample::timestamp));
            boolean raw = "raw".equalsIgnoreCase(aggregate);
            int rows = raw ? samples.size() : 1;
            long[] timestamps = new long[rows];
            double[][] values = new double[rows][fields.size()];
            if (raw) {
                for (int r = 0; r < rows; r++) {
                    BlockReader.Sample s = samples.get(r);
                    timestamps[r] = s.timestamp();
                    for (int c = 0; c < fields.size(); c++) {
                        values[r][c] = number(s.fields().get(fields.get(c)));
                    }
                }
            } else {
                timestamps[0] = samples.get(samples.size() - 1).timestamp();
                for (int c = 0; c < fields.size(); c++) {
                    values[0][c] = aggregate(aggregate.toLowerCase(Locale.ROOT), samples, fields.get(c));
                }
            }
            return new SeriesResult(tags, columns, timestamps, values);
        }

        private static double aggregate(String function, List<BlockReader.Sample> samples, String field) {
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double last = Double.NaN;
            int count = 0;
            for (BlockReader.Sample s : samples) {
                double v = number(s.fields().get(field));
                if (Double.isNaN(v)) {
                    continue;
                }
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
                last = v;
                count++;
            }
            switch (function) {
                case "mean":
                    return count == 0 ? Double.NaN : sum / count;
                case "sum":
                    return sum;
                case "min":
                    return min;
                case "max":
                    return max;
                case "count":
                    return count;
                default:
                    return last;
            }
        }

        private static double number(Object value) {
            if (value instanceof Number) {
                return ((Number) value).doubleValue();
            }
            if (value instanceof Boolean) {
                return (Boolean) value ? 1 : 0;
            }
            return Double.NaN;
        }
    }
}
