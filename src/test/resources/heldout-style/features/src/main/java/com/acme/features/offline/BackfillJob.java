package com.acme.features.offline;

import com.acme.features.codec.FeatureVectorCodec;
import com.acme.features.codec.VectorFileHeader;
import com.acme.features.framework.Telemetry.Log;
import com.acme.features.registry.FeatureSchema;
import com.acme.features.registry.FeatureSchema.FeatureSpec;
import com.acme.features.registry.SchemaRegistry;
import com.acme.features.transform.FeatureTransforms;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Batch backfill: recomputes one schema's vectors from raw event CSV exports, writes offline shards and
 * pushes the categorical columns to the warehouse. Run nightly by the scheduler, one process per schema;
 * {@link #process} runs once per input line (tens of millions per run).
 */
public final class BackfillJob {

    private static final Log LOG = Log.get(BackfillJob.class);
    private static final List<String> DEVICE_VOCABULARY = List.of("android", "ios", "web", "tv", "console");

    /** The warehouse client: a table name, then all column names followed by all values. */
    public interface RowSink {
        void insert(String table, String[] columnsThenValues);
    }

    private final FeatureSchema schema;
    private final List<FeatureSpec> specs;
    private final RowSink sink;
    private final DataOutputStream[] shards;
    private final Set<String> skipEntities;
    private final Set<String> seen = new HashSet<>();
    private final Map<String, Long> counters = new LinkedHashMap<>();
    private Map<String, Integer> columnIndex;
    private long lineNo;

    BackfillJob(FeatureSchema schema, Path outputDir, int shardCount, List<String> skipList, RowSink sink)
            throws IOException {
        this.schema = schema;
        this.specs = schema.features();
        this.sink = sink;
        this.shards = new DataOutputStream[shardCount];
        for (int i = 0; i < shardCount; i++) {
            shards[i] = openShard(outputDir, i);
        }
        this.skipEntities = new HashSet<>();
        skipEntities.addAll(skipList);
    }

    /** Once per shard, when the job starts. */
    private DataOutputStream openShard(Path outputDir, int shard) throws IOException {
        String schemaName = schema.name();
        int version = schema.version();
        Path file = outputDir.resolve(schemaName + "-v" + version).resolve("part-" + shard + ".fv");
        Files.createDirectories(file.getParent());
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        VectorFileHeader.write(out, System.currentTimeMillis(), schemaName, version, "backfill");
        return out;
    }

    /** Once per input file: positions of the CSV columns by header name. */
    void readHeader(String headerLine) {
        String[] names = headerLine.split(",");
        columnIndex = new HashMap<>(names.length);
        for (String name : names) {
            columnIndex.put(name, columnIndex.size());
        }
    }

    /** Once per input line: {@code "entity",event_ts_millis,country,device,date,<numeric features...>}. */
    void process(String line) throws IOException {
        lineNo++;
        String[] f = line.split(",");
        try {
            String entityId = f[0].replaceFirst("^\"(.*)\"$", "$1");
            if (skipEntities.contains(entityId)) {
                count("skipped");
                return;
            }
            String millis = f[1];
            long eventSeconds = Long.parseLong(millis) / 1000;
            String device = FeatureTransforms.normalizeCategory(f[3]);
            if (!seen.add(entityId + "@" + eventSeconds)) {
                count("duplicate");
                return;
            }
            String country = f[2];
            String crossed = FeatureTransforms.cross(country, device, 12);
            int[] calendar = FeatureTransforms.calendarFeatures(f[4]);

            List<Object> values = new ArrayList<>();
            for (FeatureSpec spec : specs) {
                values.add(valueOf(spec, f, calendar));
            }
            byte[] encoded = FeatureVectorCodec.encode(schema.schemaId(), eventSeconds * 1000, values);
            String schemaName = schema.name();
            int version = schema.version();
            String storeKey = schemaName + "/" + version + "/" + entityId;
            writeRecord(shards[Math.floorMod(storeKey.hashCode(), shards.length)], storeKey, encoded);

            Map<String, String> row = new LinkedHashMap<>();
            row.put("entity_id", entityId);
            row.put("country", country);
            row.put("device", device);
            row.put("country_x_device", crossed);
            row.put("device_bucket", Integer.toString(FeatureTransforms.oneHot(f[3], DEVICE_VOCABULARY)));
            sink.insert("features_" + schemaName, columnsThenValues(row));
            count("written");
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            count("rejected");
            LOG.warn("rejected line " + lineNo + ": " + line, e);
        }
    }

    private Object valueOf(FeatureSpec spec, String[] fields, int[] calendar) {
        switch (spec.name()) {
            case "day_of_year":
                return calendar[0];
            case "day_of_week":
                return calendar[1];
            default:
                Integer index = columnIndex.get(spec.name());
                String raw = index == null || index >= fields.length ? "" : fields[index];
                return raw.isEmpty() ? spec.defaultValue() : Float.parseFloat(raw);
        }
    }

    private static void writeRecord(DataOutputStream out, String key, byte[] encoded) throws IOException {
        byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
        out.writeInt(keyBytes.length);
        out.write(keyBytes);
        out.writeInt(encoded.length);
        out.write(encoded);
    }

    /** Per record: the warehouse client wants every column name, then every value. */
    static String[] columnsThenValues(Map<String, String> row) {
        List<String> keys = new ArrayList<>(row.size());
        List<String> values = new ArrayList<>(row.size());
        for (Map.Entry<String, String> e : row.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    private void count(String counter) {
        counters.merge(counter, 1L, Long::sum);
    }

    /** Once, when the input is exhausted. */
    void finish(String runId) throws IOException {
        for (OutputStream out : shards) {
            out.close();
        }
        for (String counter : counters.keySet()) {
            LOG.info(counter + " = " + counters.get(counter));
        }
        String schemaName = schema.name();
        int version = schema.version();
        long written = counters.getOrDefault("written", 0L);
        LOG.info("backfill " + runId + " of " + schemaName + "@" + version + " done: " + written + " vectors");

        sink.insert("backfill_runs", runRecord(runId, schemaName, version, written));
    }

    /** The audit row of one run, for the warehouse's backfill_runs table; built once, by finish. */
    private static String[] runRecord(String runId, String schemaName, int version, long written) {
        Map<String, String> run = new LinkedHashMap<>();
        run.put("run_id", runId);
        run.put("schema", schemaName);
        run.put("version", Integer.toString(version));
        run.put("written", Long.toString(written));
        List<String> columns = new ArrayList<>(run.size());
        List<String> values = new ArrayList<>(run.size());
        for (Map.Entry<String, String> e : run.entrySet()) {
            columns.add(e.getKey());
            values.add(e.getValue());
        }
        columns.addAll(values);
        return columns.toArray(new String[0]);
    }

    /** {@code BackfillJob <schemaDir> <schema@version> <outputDir> <input.csv>...} */
    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: BackfillJob <schemaDir> <schema@version> <outputDir> <input.csv>...");
            System.exit(2);
        }
        SchemaRegistry registry = new SchemaRegistry();
        registry.loadAll(Path.of(args[0]));
        String target = args[1];
        int at = target.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException("expected schema@version, got " + target);
        }
        FeatureSchema schema = registry.lookup(target.substring(0, at), Integer.parseInt(target, at + 1, target.length(), 10));
        List<Path> inputs = Arrays.asList(args).subList(3, args.length).stream()
                .map(a -> Path.of(a))
                .collect(Collectors.toList());
        long startedAt = System.currentTimeMillis();
        String runId = target + "-" + startedAt;

        BackfillJob job = new BackfillJob(schema, Path.of(args[2]), 16, List.of(), (table, cells) -> { });
        for (Path input : inputs) {
            try (BufferedReader reader = Files.newBufferedReader(input)) {
                job.readHeader(reader.readLine());
                String line;
                while ((line = reader.readLine()) != null) {
                    job.process(line);
                }
            }
        }
        job.finish(runId);
    }
}
