package com.acme.columnar;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Writes one row group: one {@link ColumnChunkWriter} per column.
 *
 * <p>The ingestion pipeline hands every record to {@link #accept(Map)}; the file writer opens a new row group
 * writer every 128 MB, so the constructor and {@link #close()} run many times per file.
 */
public final class RowGroupWriter implements Consumer<Map<String, Object>> {

    private static final Map<Class<?>, String> SINK_NAMES = new ConcurrentHashMap<>();

    private final Schema schema;
    private final int ordinal;
    private final Set<String> knownFields;
    private final String[] columnPaths;
    private final Map<ColumnDescriptor, ColumnChunkWriter> writers;
    private final DataOutputStream out;
    private long rowCount;

    public RowGroupWriter(Schema schema, DataOutputStream out, int ordinal,
            Collection<? extends ColumnChunkWriter.PageListener> listeners) {
        this.schema = schema;
        this.ordinal = ordinal;
        this.out = out;
        this.knownFields = schema.leafNames();
        this.columnPaths = schema.paths();
        List<ColumnDescriptor> columns = schema.columns();
        Map<ColumnDescriptor, ColumnChunkWriter> open = new HashMap<>(columns.size());
        for (ColumnDescriptor column : columns) {
            open.put(column, ColumnChunkWriter.create(column, out, chunkId(column, ordinal), listeners));
        }
        this.writers = open;
    }

    private static String chunkId(ColumnDescriptor column, int ordinal) {
        String path = column.path();
        return String.format("%s-rg%s", path, ordinal);
    }

    @Override
    public void accept(Map<String, Object> record) {
        for (String field : record.keySet()) {
            if (!knownFields.contains(field)) {
                long row = rowCount;
                throw new IllegalArgumentException("record " + row + " has unknown field " + field);
            }
        }
        try {
            for (ColumnDescriptor column : writers.keySet()) {
                ColumnChunkWriter writer = writers.get(column);
                writer.write(record.get(column.leafName()));
            }
        } catch (IOException e) {
            List<String> open = writers.keySet().stream().map(ColumnDescriptor::path).collect(Collectors.toList());
            throw new UncheckedIOException("row group " + ordinal + " failed with open chunks " + open, e);
        }
        rowCount++;
    }

    /** Closes every chunk and writes the row group's chunk headers; returns what goes into the footer. */
    public List<FooterCodec.ChunkMetadata> close() throws IOException {
        List<FooterCodec.ChunkMetadata> chunks = closeChunks();
        out.writeInt(columnPaths.length);
        for (FooterCodec.ChunkMetadata chunk : chunks) {
            String[] header = chunk.headerArray();
            out.writeInt(header.length);
            for (String h : header) {
                out.writeUTF(h);
            }
        }
        return chunks;
    }

    private List<FooterCodec.ChunkMetadata> closeChunks() throws IOException {
        List<FooterCodec.ChunkMetadata> chunks = new ArrayList<>();
        for (ColumnChunkWriter writer : writers.values()) {
            chunks.add(writer.close());
        }
        return chunks;
    }

    long rowCount() {
        return rowCount;
    }

    void checkChunkId(String chunkId) {
        int dash = chunkId.lastIndexOf("-rg");
        if (dash < 0 || !chunkId.endsWith("-rg" + ordinal)) {
            StringBuilder message = new StringBuilder("chunk ");
            message.append(chunkId.substring(0, Math.max(dash, 0))).append(" does not belong to row group ").append(ordinal);
            throw new IllegalStateException(message.toString());
        }
    }

    @Override
    public String toString() {
        String sink = SINK_NAMES.computeIfAbsent(out.getClass(), c -> c.getSimpleName().toLowerCase(Locale.ROOT));
        return "row group " + ordinal + " of " + schema.name() + " (" + rowCount + " rows, " + sink + ")";
    }
}
