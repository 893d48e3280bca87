package com.acme.metrics;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Settings of the metrics library, read once at startup from {@code metrics.properties}. */
public final class MetricsConfig {

    private static final String DEFAULTS_SPEC = "metrics.prefix=app_; metrics.listen=0.0.0.0:9464; "
            + "metrics.report.period=10; metrics.tags=; metrics.histogram.buckets=0.005,0.01,0.05,0.1,0.5,1,5";
    private static final Map<String, String> DEFAULTS;

    static {
        String[] entries = DEFAULTS_SPEC.split(";\\s*");
        Map<String, String> defaults = new HashMap<>(entries.length);
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            defaults.put(entry.substring(0, eq), entry.substring(eq + 1));
        }
        DEFAULTS = Collections.unmodifiableMap(defaults);
    }

    private final String prefix;
    private final String listenHost;
    private final int port;
    private final long periodSeconds;
    private final Map<String, String> commonTags;
    private final List<Double> buckets;
    private final Path textfileDir;

    public static MetricsConfig defaults() {
        return new MetricsConfig(new Properties());
    }

    public static MetricsConfig load(Path file) {
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(reader);
        } catch (IOException e) {
            String location = file.toAbsolutePath().toString();
            String reason = e.getMessage();
            throw new IllegalStateException(String.format("cannot read metrics config %s: %s", location, reason), e);
        }
        return new MetricsConfig(props);
    }

    MetricsConfig(Properties props) {
        this.prefix = get(props, "metrics.prefix");

        String listen = get(props, "metrics.listen");
        int colon = listen.lastIndexOf(':');
        this.listenHost = listen.substring(0, colon);
        this.port = Integer.parseInt(listen.substring(colon + 1, listen.length()));

        Map<String, String> tags = new TreeMap<>();
        String tagSpec = get(props, "metrics.tags").trim();
        if (!tagSpec.isEmpty()) {
            for (String pair : tagSpec.split("\\s*,\\s*")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("metrics.tags: expected key=value but got '" + pair + "'");
                }
                tags.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        this.commonTags = Collections.unmodifiableMap(tags);

        List<String> rawBuckets = Arrays.asList(get(props, "metrics.histogram.buckets").split(","));
        List<Double> parsed = rawBuckets.stream().map(Double::valueOf).collect(Collectors.toList());
        this.buckets = Collections.unmodifiableList(parsed);

        this.periodSeconds = Long.parseLong(get(props, "metrics.report.period"));
        String dir = props.getProperty("metrics.textfile.dir");
        this.textfileDir = dir == null ? null : Paths.get(dir);
    }

    private static String get(Properties props, String key) {
        return props.getProperty(key, DEFAULTS.get(key));
    }

    public String prefix() {
        return prefix;
    }

    public String listenHost() {
        return listenHost;
    }

    public int port() {
        return port;
    }

    public long periodSeconds() {
        return periodSeconds;
    }

    public Map<String, String> commonTags() {
        return commonTags;
    }

    public double[] buckets() {
        double[] bounds = new double[buckets.size()];
        for (int i = 0; i < bounds.length; i++) {
            bounds[i] = buckets.get(i);
        }
        return bounds;
    }

    public Path textfileDir() {
        return textfileDir;
    }

    @Override
    public String toString() {
        return "MetricsConfig[prefix=" + prefix + ", listen=" + listenHost + ":" + port + ", period=" + periodSeconds + "s]";
    }
}
