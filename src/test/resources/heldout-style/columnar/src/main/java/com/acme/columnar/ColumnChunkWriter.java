package com.acme.columnar;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Buffers the values of one column for one row group and writes them out as data pages.
 *
 * <p>{@link RowGroupWriter} creates one writer per column for every row group; {@link #write(Object)}
 * runs for every value, {@link #flushPage()} every {@value #PAGE_VALUES} values and {@link #close()} once
 * per chunk.
 */
public final class ColumnChunkWriter {

    /** Called by the writer after each data page; the page index and the metrics module register one. */
    public interface PageListener {
        void onPage(String chunkId, int pageNumber, int valueCount, long offset);
    }

    /** Turns a value of one Java type into its dictionary key. */
    interface KeyEncoder extends Function<Object, String> {
    }

    private static final Map<Class<?>, KeyEncoder> KEY_ENCODERS = new ConcurrentHashMap<>();

    /** Encodings this writer may pick, in order of preference. */
    static final String[] ENCODING_NAMES;

    static {
        String spec = System.getProperty("acme.columnar.encodings", "RLE_DICTIONARY, PLAIN , DELTA_BINARY_PACKED");
        ENCODING_NAMES = spec.trim().split("\\s*,\\s*");
    }

    static final int PAGE_VALUES = 20_000;

    private final ColumnDescriptor column;
    private final String chunkId;
    private final DataOutputStream out;
    private final DictionaryEncoder dictionary;
    private final RunLengthEncoder definitionLevels;
    private final Statistics statistics;
    private final Map<String, String> pageProperties = new LinkedHashMap<>();
    private final List<PageListener> listeners = new ArrayList<>();
    private final List<String> pageIndex = new ArrayList<>();
    private final List<String> failedPages = new ArrayList<>();
    private final StringBuilder pageKey = new StringBuilder(64);
    private final long chunkStart;
    private String logicalType;
    private int pageNumber;
    private int valuesInPage;

    /** Records "chunk:page@offset" for every page written; the file writer turns these into the page index. */
    private final PageListener indexRecorder = (chunk, page, values, at) ->
            pageIndex.add(String.format("%s:%s@%s", chunk, page, at));

    ColumnChunkWriter(ColumnDescriptor column, DataOutputStream out, String chunkId) {
        this.column = column;
        this.out = out;
        this.chunkId = chunkId;
        this.chunkStart = out.size();
        this.dictionary = new DictionaryEncoder(column.path(), 65_536);
        this.definitionLevels = new RunLengthEncoder(column.maxDef());
        this.statistics = new Statistics(column.path());
        listeners.add(indexRecorder);
    }

    static ColumnChunkWriter create(ColumnDescriptor column, OutputStream out, String chunkId,
            Collection<? extends PageListener> extraListeners) {
        DataOutputStream data = out instanceof DataOutputStream ? (DataOutputStream) out : new DataOutputStream(out);
        ColumnChunkWriter writer = new ColumnChunkWriter(column, data, chunkId);
        writer.listeners.addAll(extraListeners);
        return writer;
    }

    private static KeyEncoder keyEncoderFor(Class<?> type) {
        return KEY_ENCODERS.computeIfAbsent(type, ColumnChunkWriter::newKeyEncoder);
    }

    private static KeyEncoder newKeyEncoder(Class<?> type) {
        if (type == byte[].class) {
            return v -> Base64.getEncoder().encodeToString((byte[]) v);
        }
        if (CharSequence.class.isAssignableFrom(type)) {
            return v -> v.toString();
        }
        return v -> String.valueOf(v);
    }

    public void write(Object value) throws IOException {
        if (value == null) {
            definitionLevels.writeInt(column.maxDef() - 1);
            statistics.updateNull();
        } else {
            definitionLevels.writeInt(column.maxDef());
            if (logicalType == null) {
                logicalType = FooterCodec.logicalType(value.getClass());
            }
            String key = keyEncoderFor(value.getClass()).apply(value);
            dictionary.encode(key);
            if (value instanceof Long) {
                statistics.update((Long) value);
            }
        }
        if (++valuesInPage == PAGE_VALUES) {
            flushPage();
        }
    }

    private void flushPage() throws IOException {
        List<Integer> runLengths = definitionLevels.runLengths();
        byte[] levels = definitionLevels.toPage();
        pageProperties.put("key", pageKey());
        pageProperties.put("values", Integer.toString(valuesInPage));
        pageProperties.put("runs", Integer.toString(runLengths.size()));
        String[] header = pageProperties.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        try {
            out.writeInt(valuesInPage);
            out.writeInt(header.length);
            for (String h : header) {
                out.writeUTF(h);
            }
            out.writeInt(levels.length);
            out.write(levels);
        } catch (IOException e) {
            failedPages.add(String.format("%s#%s", chunkId, pageNumber));
            throw e;
        }
        long offset = out.size();
        for (PageListener listener : listeners) {
            listener.onPage(chunkId, pageNumber, valuesInPage, offset);
        }
        pageNumber++;
        valuesInPage = 0;
    }

    private String pageKey() {
        pageKey.setLength(0);
        column.appendParent(pageKey);
        int dash = chunkId.lastIndexOf("-rg");
        pageKey.append(chunkId.substring(0, dash)).append('.').append(pageNumber);
        return pageKey.toString();
    }

    /** Closes the chunk: writes the dictionary page and returns the metadata that goes into the footer. */
    public FooterCodec.ChunkMetadata close() throws IOException {
        if (valuesInPage > 0) {
            flushPage();
        }
        byte[] dictionaryPage = dictionary.dictionaryPage();
        out.writeInt(dictionaryPage.length);
        out.write(dictionaryPage);
        Set<String> distinct = dictionary.distinctValues();
        Map<String, String> properties = statistics.toMetadata();
        properties.put("distinct", Integer.toString(distinct.size()));
        properties.put("logical", logicalType == null ? "none" : logicalType);
        dictionary.reset();
        return new FooterCodec.ChunkMetadata(column.path(), chunkStart, out.size() - chunkStart, properties);
    }

    List<String> pageIndex() {
        return pageIndex;
    }

    List<String> failedPages() {
        return failedPages;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("chunk writer ");
        int dash = chunkId.indexOf('-');
        sb.append(chunkId.substring(0, dash)).append(" page ").append(pageNumber);
        return sb.append(" (").append(valuesInPage).append(" buffered)").toString();
    }

    /**
     * Page counters; the metrics module registers one on every chunk writer, so {@link #onPage} runs for
     * every page the process writes.
     */
    static final class PageMetrics implements PageListener {
        private final Map<String, long[]> totals = new HashMap<>();
        private final List<String> recent = new ArrayList<>();

        @Override
        public void onPage(String chunkId, int pageNumber, int valueCount, long offset) {
            long[] t = totals.computeIfAbsent(chunkId, k -> new long[2]);
            t[0] += valueCount;
            t[1] = offset;
            if (recent.size() == 256) {
                recent.remove(0);
            }
            recent.add(String.format("%s/%s: %s values", chunkId, pageNumber, valueCount));
        }
    }
}
