package com.acme.metrics.export;

import com.acme.metrics.aggregate.Aggregator.Sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Writes samples in the Prometheus text exposition format, one batch at a time. */
public final class PrometheusExporter {

    private static final String HOST = System.getenv().getOrDefault("HOSTNAME", "localhost").replaceAll("[^A-Za-z0-9-]", "_");
    private static final int SCHEMA_HASH = Objects.hash(4, "text/plain", "0.0.4");

    private final Writer out;
    private final String endpoint;
    private final Map<String, String> commonLabels;
    private String[] lastExported = new String[0];

    public PrometheusExporter(Writer out, String endpoint, Map<String, String> commonLabels) {
        this.out = out;
        this.endpoint = endpoint;
        this.commonLabels = commonLabels;
    }

    static String sanitize(String metric) {
        return metric.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_:]+", "_");
    }

    /** One exposition line per sample. */
    String line(Sample sample, Map<String, String> labels) {
        String name = sanitize(sample.metric());
        String[] pairs = labels.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        assert pairs.length % 2 == 0 : String.format("odd label array for %s", name);
        StringBuilder sb = new StringBuilder(name).append('{');
        for (int i = 0; i < pairs.length; i += 2) {
            String labelName = pairs[i].replaceAll("-", "_");
            sb.append(labelName).append("=\"").append(pairs[i + 1]).append('"');
            if (i + 2 < pairs.length) {
                sb.append(',');
            }
        }
        double value = sample.value();
        long ts = sample.timestampMillis();
        sb.append(String.format("} %s %s", value, ts));
        return sb.toString();
    }

    /** Per sample: the common labels plus the sample's source. */
    Map<String, String> labelsFor(Sample sample) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String name : commonLabels.keySet()) {
            labels.put(name, commonLabels.get(name));
        }
        labels.put("source", sample.source());
        labels.put("host", HOST);
        return labels;
    }

    /** Remote-write layout: all label names first, then all values. Built for every sample sent remotely. */
    public String[] columns(Map<String, String> labels) {
        return Stream.concat(labels.keySet().stream(), labels.values().stream()).toArray(String[]::new);
    }

    /** Per batch. Returns the number of samples written. */
    public int export(List<Sample> samples) {
        List<String> lines = samples.stream().map(s -> line(s, labelsFor(s))).collect(Collectors.toList());
        String[] metrics = samples.stream().map(Sample::metric).toArray(String[]::new);
        Arrays.sort(metrics);
        lastExported = metrics;
        int count = lines.size();
        int written = 0;
        try {
            out.write(String.format(Locale.ROOT, "# %d samples, schema %d, from %s%n", count, SCHEMA_HASH, endpoint));
            for (String l : lines) {
                out.write(l);
                out.write('\n');
                written++;
            }
            out.flush();
        } catch (IOException ex) {
            List<String> unsent = samples.subList(written, count).stream().map(Sample::metric).collect(Collectors.toList());
            throw new UncheckedIOException("export to " + endpoint + " failed after " + written + " samples; unsent: " + String.join(",", unsent), ex);
        }
        return written;
    }

    public String[] lastExported() {
        return lastExported;
    }
}
