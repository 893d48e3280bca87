package com.acme.tsdb.ingest;

import com.acme.tsdb.TsdbException;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Ingest settings from {@code tsdb.properties}. Loaded at startup and again when an operator asks for a reload;
 * the write path then asks it where each point goes.
 */
public final class IngestConfig {

    private final String dataDir;
    private final String defaultDatabase;
    private final long shardDurationNanos;
    private final int maxPointsPerBlock;
    private final Map<String, Long> retentionNanos;
    private final Map<String, String> tagDefaults;

    IngestConfig(String dataDir, String defaultDatabase, long shardDurationNanos, int maxPointsPerBlock,
                 Map<String, Long> retentionNanos, Map<String, String> tagDefaults) {
        this.dataDir = dataDir;
        this.defaultDatabase = defaultDatabase;
        this.shardDurationNanos = shardDurationNanos;
        this.maxPointsPerBlock = maxPointsPerBlock;
        this.retentionNanos = Collections.unmodifiableMap(retentionNanos);
        this.tagDefaults = Collections.unmodifiableMap(tagDefaults);
    }

    public static IngestConfig defaults(String dataDir) {
        return new IngestConfig(dataDir, "metrics", TimeUnit.DAYS.toNanos(1), 10_000,
                Map.of("metrics", TimeUnit.DAYS.toNanos(30)), Map.of());
    }

    public static IngestConfig load(Path file) throws IOException {
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            props.load(in);
        }
        String[] databases = props.getProperty("databases", "metrics").trim().split("\\s*,\\s*");
        Map<String, Long> retention = new HashMap<>();
        for (String db : databases) {
            retention.put(db, parseDuration(props.getProperty("retention." + db, "30d")));
        }
        String[] defaults = props.getProperty("tags.defaults", "").split(";");
        Map<String, String> tagDefaults = new HashMap<>((int) (defaults.length / 0.75f) + 1);
        for (String pair : defaults) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                tagDefaults.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return new IngestConfig(
                props.getProperty("data.dir", "/var/lib/tsdb"),
                databases[0],
                parseDuration(props.getProperty("shard.duration", "1d")),
                Integer.parseInt(props.getProperty("block.max.points", "10000")),
                retention,
                tagDefaults);
    }

    static long parseDuration(String text) {
        String t = text.trim();
        long amount = Long.parseLong(t, 0, t.length() - 1, 10);
        switch (t.charAt(t.length() - 1)) {
            case 's':
                return TimeUnit.SECONDS.toNanos(amount);
            case 'm':
                return TimeUnit.MINUTES.toNanos(amount);
            case 'h':
                return TimeUnit.HOURS.toNanos(amount);
            case 'd':
                return TimeUnit.DAYS.toNanos(amount);
            case 'w':
                return TimeUnit.DAYS.toNanos(7 * amount);
            default:
                throw new TsdbException("unknown duration unit in '" + text + "'");
        }
    }

    /** Shard of a point, the directory its block lands in: the write path asks for every point it logs. */
    public String shardFor(String database, long timestampNanos) {
        long bucket = Math.floorDiv(timestampNanos, shardDurationNanos);
        return String.format(Locale.ROOT, "%s/%d", database, bucket);
    }

    public String dataDir() {
        return dataDir;
    }

    public String defaultDatabase() {
        return defaultDatabase;
    }

    public int maxPointsPerBlock() {
        return maxPointsPerBlock;
    }

    public Map<String, String> tagDefaults() {
        return tagDefaults;
    }

    public long retentionNanos(String database) {
        return retentionNanos.getOrDefault(database, Long.MAX_VALUE);
    }

    /** Every setting as text, in file order, for the admin CLI. */
    public Map<String, String> asMap() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("data.dir", dataDir);
        settings.put("databases", String.join(",", retentionNanos.keySet()));
        settings.put("shard.duration", TimeUnit.NANOSECONDS.toHours(shardDurationNanos) + "h");
        settings.put("block.max.points", Integer.toString(maxPointsPerBlock));
        return settings;
    }

    /** Settings that differ from the configuration in force before, for the reload's log line. */
    public List<String> changesSince(IngestConfig previous) {
        List<String> changes = new ArrayList<>();
        if (!dataDir.equals(previous.dataDir)) {
            changes.add("data.dir");
        }
        if (shardDurationNanos != previous.shardDurationNanos) {
            changes.add("shard.duration");
        }
        for (String db : retentionNanos.keySet()) {
            if (!Objects.equals(retentionNanos.get(db), previous.retentionNanos.get(db))) {
                changes.add("retention." + db);
            }
        }
        return changes;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof IngestConfig)) {
            return false;
        }
        IngestConfig other = (IngestConfig) o;
        return shardDurationNanos == other.shardDurationNanos
                && maxPointsPerBlock == other.maxPointsPerBlock
                && dataDir.equals(other.dataDir)
                && defaultDatabase.equals(other.defaultDatabase)
                && retentionNanos.equals(other.retentionNanos);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dataDir, defaultDatabase, shardDurationNanos, maxPointsPerBlock, retentionNanos);
    }

    @Override
    public String toString() {
        return "IngestConfig[dataDir=" + dataDir + ", db=" + defaultDatabase + ", blockPoints=" + maxPointsPerBlock + "]";
    }
}
