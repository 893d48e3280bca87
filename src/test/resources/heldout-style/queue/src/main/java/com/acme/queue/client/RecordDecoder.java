package com.acme.queue.client;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;

/**
 * Decodes the broker's binary batch format:
 * <pre>
 * batch  := magic:int32 topicLen:int16 topic partition:int32 count:int32 record* crc:int32
 * record := offset:int64 timestamp:int64 keyLen:int16 key valueLen:int32le value
 *           headerCount:int8 (nameLen:int16 name valueLen:int16 value)*
 * </pre>
 * All integers are big-endian except the value length, which the broker's C writer
 * emits little-endian for historical reasons.
 */
public final class RecordDecoder {

    static final int MAGIC;

    static {
        byte[] m = "AQB1".getBytes(StandardCharsets.US_ASCII);
        MAGIC = (m[0] & 0xFF) << 24 | (m[1] & 0xFF) << 16 | (m[2] & 0xFF) << 8 | (m[3] & 0xFF);
    }

    /** Turns a record value into the handler's payload type. */
    public interface Deserializer<T> {
        T deserialize(byte[] data);
    }

    private static final Map<Class<?>, Deserializer<?>> DESERIALIZERS = new ConcurrentHashMap<>();

    /**
     * Handlers call this for every record they receive, with the payload type they expect.
     */
    @SuppressWarnings("unchecked")
    public static <T> Deserializer<T> deserializerFor(Class<T> type) {
        return (Deserializer<T>) DESERIALIZERS.computeIfAbsent(type, RecordDecoder::createDeserializer);
    }

    private static Deserializer<?> createDeserializer(Class<?> type) {
        if (type == String.class) {
            return data -> new String(data, StandardCharsets.UTF_8);
        }
        if (type == byte[].class) {
            return data -> data;
        }
        try {
            Method factory = type.getDeclaredMethod("fromBytes", byte[].class);
            if (!Modifier.isStatic(factory.getModifiers())) {
                throw new IllegalArgumentException(type.getName() + ".fromBytes(byte[]) must be static");
            }
            factory.setAccessible(true);
            return data -> {
                try {
                    return factory.invoke(null, (Object) data);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot decode " + type.getName(), e);
                }
            };
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("no deserializer for " + type.getName()
                    + ": declare a static fromBytes(byte[]) method", e);
        }
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24
                | (b[off + 1] & 0xFF) << 16
                | (b[off + 2] & 0xFF) << 8
                | (b[off + 3] & 0xFF);
    }

    static long readLong(byte[] b, int off) {
        return (b[off] & 0xFFL) << 56
                | (b[off + 1] & 0xFFL) << 48
                | (b[off + 2] & 0xFFL) << 40
                | (b[off + 3] & 0xFFL) << 32
                | (b[off + 4] & 0xFFL) << 24
                | (b[off + 5] & 0xFFL) << 16
                | (b[off + 6] & 0xFFL) << 8
                | (b[off + 7] & 0xFFL);
    }

    private static int readShort(byte[] b, int off) {
        return (b[off] & 0xFF) << 8 | (b[off + 1] & 0xFF);
    }

    /** Decodes one fetched frame; called by the poll loop once per batch. */
    public List<ConsumerRecord> decodeBatch(byte[] buf) {
        if (buf.length < 8) {
            throw new CorruptBatchException("short frame of " + buf.length + " bytes");
        }
        if (readInt(buf, 0) != MAGIC) {
            throw new CorruptBatchException("?", buf, 0);
        }
        int p = 4;
        int topicLen = readShort(buf, p);
        p += 2;
        String topic = new String(buf, p, topicLen, StandardCharsets.UTF_8);
        p += topicLen;
        int partition = readInt(buf, p);
        p += 4;
        int count = readInt(buf, p);
        p += 4;

        List<ConsumerRecord> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long offset = readLong(buf, p);
            long timestamp = readLong(buf, p + 8);
            p += 16;
            int keyLen = readShort(buf, p);
            p += 2;
            String key = keyLen == 0 ? null : new String(buf, p, keyLen, StandardCharsets.UTF_8);
            p += keyLen;
            int valueLen = (buf[p] & 0xFF) | (buf[p + 1] & 0xFF) << 8 | (buf[p + 2] & 0xFF) << 16 | (buf[p + 3] & 0xFF) << 24;
            p += 4;
            byte[] value = new byte[valueLen];
            System.arraycopy(buf, p, value, 0, valueLen);
            p += valueLen;
            int headerCount = buf[p++] & 0xFF;
            Map<String, String> headers = new HashMap<>();
            for (int h = 0; h < headerCount; h++) {
                int nameLen = readShort(buf, p);
                String name = new String(buf, p + 2, nameLen, StandardCharsets.UTF_8);
                p += 2 + nameLen;
                int hvLen = readShort(buf, p);
                String hv = new String(buf, p + 2, hvLen, StandardCharsets.UTF_8);
                p += 2 + hvLen;
                headers.put(name, hv);
            }
            records.add(new ConsumerRecord(topic, partition, offset, timestamp, key, value, headers));
        }

        int stored = readInt(buf, p);
        CRC32 crc = new CRC32();
        crc.update(buf, 0, p);
        int computed = (int) crc.getValue();
        if (stored != computed) {
            throw new CorruptBatchException(String.format("crc mismatch in %s-%s: stored %s, computed %s",
                    topic, partition, stored, computed));
        }
        return records;
    }

    /** The broker sent something we cannot parse; the consumer stops rather than skip data. */
    public static final class CorruptBatchException extends RuntimeException {
        CorruptBatchException(String message) {
            super(message);
        }

        CorruptBatchException(String topic, byte[] buf, int off) {
            super("corrupt batch for " + topic + " at " + off + ": first word 0x" + Integer.toHexString(
                    (buf[off] & 0xFF) << 24 | (buf[off + 1] & 0xFF) << 16 | (buf[off + 2] & 0xFF) << 8 | (buf[off + 3] & 0xFF)));
        }
    }
}
