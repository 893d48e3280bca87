package com.acme.graphql.execution;

import com.acme.graphql.execution.ExecutionEngine.ExecutionResult;
import com.acme.graphql.execution.ExecutionEngine.FieldCoordinate;
import com.acme.graphql.execution.ExecutionEngine.GraphQLError;
import com.acme.graphql.lang.Parser;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;

/**
 * Writes execution results as JSON (the {@code application/graphql-response+json} body) and frames them for
 * the shared response cache.
 */
public final class ResultSerializer {

    /** Leading bytes of every cache entry: "GQL" and the entry format version. */
    private static final byte[] CACHE_MAGIC = new byte[4];

    static {
        int magic = 0x47514C01;
        CACHE_MAGIC[0] = (byte) (magic >>> 24);
        CACHE_MAGIC[1] = (byte) (magic >>> 16);
        CACHE_MAGIC[2] = (byte) (magic >>> 8);
        CACHE_MAGIC[3] = (byte) magic;
    }

    /** A serialized response as the cache holds it: [magic:4][length:4][expires:8][UTF-8 JSON]. */
    public static final class CachedResponse {
        final byte[] entry;

        CachedResponse(byte[] entry) {
            this.entry = entry;
        }

        @Override
        public String toString() {
            int length = (entry[4] & 0xFF) << 24 | (entry[5] & 0xFF) << 16 | (entry[6] & 0xFF) << 8 | (entry[7] & 0xFF);
            return "CachedResponse[" + length + " bytes of JSON]";
        }
    }

    private final boolean tracing;

    public ResultSerializer(boolean tracing) {
        this.tracing = tracing;
    }

    /** Serializes one request's result. */
    public String serialize(ExecutionResult result) {
        StringBuilder out = new StringBuilder(256);
        out.append('{');
        if (!result.errors.isEmpty()) {
            out.append("\"errors\":[");
            for (int i = 0; i < result.errors.size(); i++) {
                GraphQLError error = result.errors.get(i);
                out.append(i == 0 ? "{" : ",{").append("\"message\":");
                writeString(out, error.message);
                out.append(",\"path\":");
                writeString(out, error.path);
                out.append('}');
            }
            out.append("],");
        }
        out.append("\"data\":{");
        // the root fields in the order the query selected them, as the spec asks
        String[] keys = result.rootFields.stream().map(Parser.Field::responseKey).toArray(String[]::new);
        for (int i = 0; i < keys.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            writeString(out, keys[i]);
            out.append(':');
            writeValue(out, result.data.get(keys[i]));
        }
        out.append('}');
        if (tracing) {
            out.append(",\"extensions\":{\"tracing\":{");
            boolean first = true;
            for (Map.Entry<FieldCoordinate, Long> timing : result.timings.entrySet()) {
                String coordinate = timing.getKey().toString();
                long nanos = timing.getValue();
                if (!first) {
                    out.append(',');
                }
                out.append(String.format("\"%s\":%s", coordinate, nanos));
                first = false;
            }
            out.append("}}");
        }
        return out.append('}').toString();
    }

    @SuppressWarnings("unchecked")
    private void writeValue(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            writeString(out, s);
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            writeMap(out, (Map<String, Object>) map);
        } else if (value instanceof Collection<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) {
                    out.append(',');
                }
                writeValue(out, item);
                first = false;
            }
            out.append(']');
        } else if (value instanceof Object[] array) {
            writeValue(out, Arrays.asList(array));
        } else {
            writeString(out, value.toString());
        }
    }

    private void writeMap(StringBuilder out, Map<String, Object> map) {
        out.append('{');
        boolean first = true;
        for (String key : map.keySet()) {
            if (!first) {
                out.append(',');
            }
            writeString(out, key);
            out.append(':');
            writeValue(out, map.get(key));
            first = false;
        }
        out.append('}');
    }

    private static void writeString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append("\\u").append(String.valueOf(Integer.toHexString(0x10000 | c)), 1, 5);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Frames a response for the response cache; called for every cacheable response the server sends. */
    public CachedResponse toCacheEntry(String json, long expiresAtMillis) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        int length = body.length;
        byte[] entry = new byte[16 + length];
        System.arraycopy(CACHE_MAGIC, 0, entry, 0, 4);
        entry[4] = (byte) (length >>> 24);
        entry[5] = (byte) (length >>> 16);
        entry[6] = (byte) (length >>> 8);
        entry[7] = (byte) length;
        for (int i = 0; i < 8; i++) {
            entry[8 + i] = (byte) (expiresAtMillis >>> (56 - 8 * i));
        }
        System.arraycopy(body, 0, entry, 16, length);
        return new CachedResponse(entry);
    }

    /** The cached JSON, or null when the entry has expired; called on every cache hit. */
    public String fromCacheEntry(CachedResponse cached, long nowMillis) {
        byte[] entry = cached.entry;
        long expires = 0;
        for (int i = 8; i < 16; i++) {
            expires = (expires << 8) | (entry[i] & 0xFF);
        }
        if (expires < nowMillis) {
            return null;
        }
        int length = (entry[4] & 0xFF) << 24 | (entry[5] & 0xFF) << 16 | (entry[6] & 0xFF) << 8 | (entry[7] & 0xFF);
        return new String(entry, 16, length, StandardCharsets.UTF_8);
    }
}
