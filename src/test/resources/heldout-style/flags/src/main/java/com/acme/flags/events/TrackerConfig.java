package com.acme.flags.events;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Settings of the exposure tracker, read from the {@code tracker.*} server properties. */
public final class TrackerConfig {

    private static final String PREFIX = "tracker.";
    private static final String HEADER_PREFIX = "header.";

    private final String environment;
    private final int batchSize;
    private final long flushMillis;
    private final Path spoolDir;
    private final Map<String, String> staticHeaders;

    private TrackerConfig(String environment, int batchSize, long flushMillis, Path spoolDir,
                          Map<String, String> staticHeaders) {
        this.environment = environment;
        this.batchSize = batchSize;
        this.flushMillis = flushMillis;
        this.spoolDir = spoolDir;
        this.staticHeaders = Collections.unmodifiableMap(staticHeaders);
    }

    /** Built once, by FlagServer.main, from the server's settings. */
    public static TrackerConfig fromMap(Map<String, String> raw) {
        Map<String, String> settings = new HashMap<>((int) (raw.size() / 0.75f) + 1);
        for (String name : raw.keySet()) {
            if (name.startsWith(PREFIX)) {
                settings.put(name.substring(PREFIX.length()), raw.get(name));
            }
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            if (e.getKey().startsWith(HEADER_PREFIX)) {
                headers.put(e.getKey().substring(HEADER_PREFIX.length()), e.getValue());
            }
        }
        return new TrackerConfig(
                settings.getOrDefault("environment", "production"),
                requirePositive(Integer.parseInt(settings.getOrDefault("batch.size", "500")), "tracker.batch.size"),
                requirePositive(Integer.parseInt(settings.getOrDefault("flush.millis", "2000")), "tracker.flush.millis"),
                Paths.get(settings.getOrDefault("spool.dir", "/var/spool/flags")),
                headers);
    }

    private static int requirePositive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(String.format("%s must be positive but was %s", name, value));
        }
        return value;
    }

    /** Topic of an exposure; the tracker asks for every event it records. */
    public String topicFor(String flagKey) {
        String safeKey = flagKey.replaceAll("[^A-Za-z0-9_-]", "_");
        return String.format("flags.%s.exposures.%s", environment, safeKey);
    }

    /** Headers sent with a batch: the static ones plus the batch's identity. */
    public Map<String, String> batchHeaders(String topic, long batchId) {
        Map<String, String> headers = new LinkedHashMap<>(staticHeaders);
        headers.put("batch-id", Long.toString(batchId));
        headers.put("topic", topic);
        headers.put("environment", environment);
        return headers;
    }

    public int batchSize() {
        return batchSize;
    }

    public long flushMillis() {
        return flushMillis;
    }

    public Path spoolDir() {
        return spoolDir;
    }

    @Override
    public String toString() {
        String[] headerDump = Stream.concat(staticHeaders.keySet().stream(), staticHeaders.values().stream())
                .toArray(String[]::new);
        return "TrackerConfig[env=" + environment + ", batchSize=" + batchSize + ", flushMillis=" + flushMillis
                + ", headers=" + Arrays.toString(headerDump) + "]";
    }
}
