package com.acme.features.offline;

import com.acme.features.codec.FeatureVectorCodec;
import com.acme.features.codec.FeatureVectorCodec.FeatureVector;
import com.acme.features.codec.VectorFileHeader;
import com.acme.features.registry.FeatureSchema;
import com.acme.features.registry.SchemaRegistry;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Loads offline shards into a training table: one row per stored vector, partition columns first.
 * A training set is a few hundred shards of a few hundred thousand records each; {@link ShardReader#next}
 * runs once per record.
 */
public final class OfflineLoader {

    /** Where rows go; the training pipeline's table writer takes all column names, then all values. */
    public interface TrainingSink {
        void write(String[] columnsThenValues);
    }

    private final SchemaRegistry registry;
    private final Path stagingDir;
    private final TrainingSink sink;

    public OfflineLoader(SchemaRegistry registry, Path stagingDir, TrainingSink sink) {
        this.registry = registry;
        this.stagingDir = stagingDir;
        this.sink = sink;
    }

    /** Loads every shard of one partition directory, e.g. {@code warehouse/user_profile/dt=2024-03-15/region=eu}. */
    public long loadPartition(Path warehouse, Path partitionDir) throws IOException {
        long rows = 0;
        try (Stream<Path> shards = Files.list(partitionDir)) {
            for (Path shard : (Iterable<Path>) shards.sorted()::iterator) {
                Path local = stageShard(shard);
                String relative = warehouse.relativize(partitionDir).toString();
                try (ShardReader reader = new ShardReader(local, relative)) {
                    Map<String, String> row;
                    while ((row = reader.next()) != null) {
                        sink.write(Stream.concat(row.keySet().stream(), row.values().stream()).toArray(String[]::new));
                        rows++;
                    }
                }
            }
        }
        return rows;
    }

    /** Copies one shard from the mounted warehouse to local disk; once per shard file. */
    Path stageShard(Path remote) throws IOException {
        Path local = stagingDir.resolve(remote.getFileName());
        try (InputStream in = Files.newInputStream(remote); OutputStream out = Files.newOutputStream(local)) {
            byte[] buf = new byte[64 * 1024];
            int n;
            while ((n = in.read(buf)) != -1) {
                out.write(buf, 0, n);
            }
        }
        return local;
    }

    /** Reads one shard: the file header (lazily, on the first call to next) and then length-prefixed records. */
    final class ShardReader implements AutoCloseable {
        private final Path file;
        private final String partitionPath;
        private final InputStream in;
        private final byte[] lengthPrefix = new byte[4];
        private VectorFileHeader header;
        private FeatureSchema schema;
        private String[] columns;
        private Map<String, String> partitionValues;
        private long recordIndex;

        ShardReader(Path file, String partitionPath) throws IOException {
            this.file = file;
            this.partitionPath = partitionPath;
            this.in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        }

        /** Next row of the shard, or null at its end. Called once per record. */
        Map<String, String> next() throws IOException {
            if (header == null) {
                open();
            }
            int keyLength = readLength();
            if (keyLength < 0) {
                return null;
            }
            String entityId = new String(in.readNBytes(keyLength), StandardCharsets.UTF_8);
            int vectorLength = readLength();
            byte[] encoded = in.readNBytes(vectorLength);
            String rowId = String.format("%s/%s", partitionPath, entityId);
            FeatureVector vector = FeatureVectorCodec.decode(encoded, rowId);
            recordIndex++;

            Map<String, String> row = new LinkedHashMap<>();
            row.put("row_id", rowId);
            for (String column : partitionValues.keySet()) {
                row.put(column, partitionValues.get(column));
            }
            float[] values = vector.values();
            for (int i = 0; i < values.length && i < columns.length; i++) {
                row.put(columns[i], Float.toString(values[i]));
            }
            return row;
        }

        /** Once per shard: header, schema and the partition columns encoded in the directory names. */
        private void open() throws IOException {
            String source = file.toString();
            header = VectorFileHeader.read(in, source);
            schema = registry.lookup(header.schemaName(), header.schemaVersion());
            columns = schema.columnNames("f_");
            partitionValues = new LinkedHashMap<>();
            for (String segment : partitionPath.split("[/\\\\]+")) {
                int eq = segment.indexOf('=');
                if (eq > 0) {
                    partitionValues.put(segment.substring(0, eq), segment.substring(eq + 1));
                }
            }
        }

        /** A record's 4-byte big-endian length, or -1 at a clean end of file. */
        private int readLength() throws IOException {
            int got = in.readNBytes(lengthPrefix, 0, 4);
            if (got == 0) {
                return -1;
            }
            if (got < 4) {
                String source = file.toString();
                throw new EOFException(String.format("truncated shard %s after record %s", source, recordIndex));
            }
            byte[] b = lengthPrefix;
            return (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | (b[3] & 0xFF);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
