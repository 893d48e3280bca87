package com.acme.features.codec;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * Binary encoding of one feature vector, as stored in the online key-value store and in offline shard files.
 *
 * <pre>
 *   int   schemaId     big-endian
 *   long  writtenAt    big-endian, epoch millis
 *   int   count
 *   count x int        float bits, big-endian
 * </pre>
 *
 * The online store calls {@link #decode} on every lookup; the backfill calls {@link #encode} for every record.
 */
public final class FeatureVectorCodec {

    public static final int HEADER_BYTES = 16;

    /** The value types a producer may hand us, by the one-letter tag used in schema files. */
    public enum ValueType {
        FLOAT("f"), INT("i"), LONG("l"), BOOL("b");

        private final String tag;

        ValueType(String tag) {
            this.tag = tag;
        }

        public String tag() {
            return tag;
        }
    }

    public static final Set<String> KNOWN_TAGS;

    static {
        KNOWN_TAGS = List.of(ValueType.values()).stream().map(t -> t.tag()).collect(Collectors.toSet());
    }

    /** How a boxed producer value becomes float bits; looked up once per encoded value. */
    private static final Map<Class<?>, ToIntFunction<Object>> WRITERS = new ConcurrentHashMap<>();

    public record FeatureVector(int schemaId, long writtenAt, float[] values) {
    }

    private FeatureVectorCodec() {
    }

    public static byte[] encode(int schemaId, long writtenAt, List<Object> values) {
        int count = values.size();
        byte[] out = new byte[HEADER_BYTES + 4 * count];
        writeInt(out, 0, schemaId);
        writeInt(out, 4, (int) (writtenAt >>> 32));
        writeInt(out, 8, (int) writtenAt);
        writeInt(out, 12, count);
        int off = HEADER_BYTES;
        for (Object value : values) {
            ToIntFunction<Object> writer = WRITERS.computeIfAbsent(value.getClass(), FeatureVectorCodec::writerFor);
            writeInt(out, off, writer.applyAsInt(value));
            off += 4;
        }
        return out;
    }

    public static FeatureVector decode(byte[] bytes, String key) {
        checkLength(bytes, HEADER_BYTES, key);
        int schemaId = readInt(bytes, 0);
        long writtenAt = (bytes[4] & 0xFFL) << 56
                | (bytes[5] & 0xFFL) << 48
                | (bytes[6] & 0xFFL) << 40
                | (bytes[7] & 0xFFL) << 32
                | (bytes[8] & 0xFFL) << 24
                | (bytes[9] & 0xFFL) << 16
                | (bytes[10] & 0xFFL) << 8
                | (bytes[11] & 0xFFL);
        int count = readInt(bytes, 12);
        if (count < 0 || count > 1 << 16) {
            throw new CorruptVectorException("vector " + key + " claims " + count + " features (schema " + schemaId + ")");
        }
        checkLength(bytes, HEADER_BYTES + 4 * count, key);
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = Float.intBitsToFloat(readInt(bytes, HEADER_BYTES + 4 * i));
        }
        return new FeatureVector(schemaId, writtenAt, values);
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    private static void checkLength(byte[] bytes, int need, String key) {
        if (bytes.length < need) {
            int have = bytes.length;
            String message = String.format(Locale.ROOT, "vector %s truncated: %d bytes, need %d", key, have, need);
            throw new CorruptVectorException(message);
        }
    }

    private static ToIntFunction<Object> writerFor(Class<?> type) {
        if (type == Float.class) {
            return v -> Float.floatToRawIntBits((Float) v);
        }
        if (type == Integer.class) {
            return v -> Float.floatToRawIntBits(((Integer) v).floatValue());
        }
        if (type == Long.class) {
            return v -> Float.floatToRawIntBits(((Long) v).floatValue());
        }
        if (type == Boolean.class) {
            return v -> Float.floatToRawIntBits((Boolean) v ? 1f : 0f);
        }
        throw new IllegalArgumentException("no feature encoding for " + type.getName());
    }

    public static final class CorruptVectorException extends RuntimeException {
        public CorruptVectorException(String message) {
            super(message);
        }
    }
}
