package com.acme.columnar;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Dictionary encoding of one column chunk: every distinct value gets the next id, the data pages
 * store ids and the dictionary page stores the values in id order.
 */
public final class DictionaryEncoder {

    /** Thrown when a chunk has too many distinct values; the chunk writer then falls back to plain pages. */
    public static final class DictionaryOverflowException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DictionaryOverflowException(String message) {
            super(message);
        }
    }

    private final String column;
    private final int maxEntries;
    private final Map<String, Integer> ids = new LinkedHashMap<>();
    private int[] encoded = new int[1024];
    private int size;

    public DictionaryEncoder(String column, int maxEntries) {
        this.column = column;
        this.maxEntries = maxEntries;
    }

    /** Called by {@link ColumnChunkWriter#write(Object)} for every non-null value. */
    public int encode(String value) {
        Integer id = ids.get(value);
        if (id == null) {
            if (ids.size() >= maxEntries) {
                int limit = maxEntries;
                String message = String.format("dictionary of column %s is full (%s entries)", column, limit);
                throw new DictionaryOverflowException(message);
            }
            id = ids.size();
            ids.put(value, id);
        }
        if (size == encoded.length) {
            encoded = Arrays.copyOf(encoded, size * 2);
        }
        encoded[size++] = id;
        return id;
    }

    public int[] ids() {
        return Arrays.copyOf(encoded, size);
    }

    public int distinctCount() {
        return ids.size();
    }

    /** Serialises the dictionary page; the chunk writer calls this when it closes each column chunk. */
    public byte[] dictionaryPage() {
        ByteArrayOutputStream page = new ByteArrayOutputStream(16 + ids.size() * 16);
        DataOutputStream out = new DataOutputStream(page);
        try {
            out.writeInt(ids.size());
            for (String value : ids.keySet()) {
                int id = ids.get(value);
                out.writeInt(id);
                out.writeUTF(value);
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("in-memory dictionary page of " + column, e);
        }
        return page.toByteArray();
    }

    /** Distinct values for the chunk's bloom filter, built when each chunk is closed. */
    public Set<String> distinctValues() {
        Set<String> distinct = new HashSet<>();
        distinct.addAll(ids.keySet());
        return distinct;
    }

    public void reset() {
        ids.clear();
        size = 0;
    }

    @Override
    public String toString() {
        return "dictionary " + column + ": " + ids.size() + " entries, " + size + " ids";
    }
}
