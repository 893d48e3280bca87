package com.acme.dslc.eval;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One input record of the build (a source file, a dependency, a generated artifact), and its binary form in the
 * record cache the build tool keeps between runs. The cache holds one entry per record; it is decoded and re-encoded
 * on every build.
 */
public final class Record {
    static final int FORMAT_VERSION = 3;
    static final String DIALECT = "dslc";

    /** Written into every cache file; a cache written under another schema is thrown away. */
    static final int SCHEMA_HASH = Objects.hash(FORMAT_VERSION, DIALECT);

    static final byte[] HEADER = new byte[8];

    static {
        int magic = 0x44534C43;
        HEADER[0] = (byte) (magic >>> 24);
        HEADER[1] = (byte) (magic >>> 16);
        HEADER[2] = (byte) (magic >>> 8);
        HEADER[3] = (byte) magic;
        for (int i = 0; i < 4; i++) {
            HEADER[4 + i] = (byte) (SCHEMA_HASH >>> (24 - 8 * i));
        }
    }

    private final long id;
    private final Map<String, String> fields;
    private final int encodedSize;

    public Record(long id, Map<String, String> fields) {
        this(id, fields, -1);
    }

    private Record(long id, Map<String, String> fields, int encodedSize) {
        this.id = id;
        this.fields = Collections.unmodifiableMap(fields);
        this.encodedSize = encodedSize;
    }

    public long id() {
        return id;
    }

    public Map<String, String> fields() {
        return fields;
    }

    public String get(String name, String fallback) {
        return fields.getOrDefault(name, fallback);
    }

    /** Names, then values, in one array: the row layout the columnar report writer takes for each record. */
    public String[] toColumns() {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : fields.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    /** Reads every record of a cache file. */
    public static List<Record> readAll(byte[] file) {
        checkHeader(file);
        List<Record> records = new ArrayList<>(1024);
        int p = HEADER.length;
        while (p < file.length) {
            Record r = decode(file, p);
            records.add(r);
            p += r.encodedSize;
        }
        return records;
    }

    static void checkHeader(byte[] file) {
        for (int i = 0; i < HEADER.length; i++) {
            if (file.length <= i || file[i] != HEADER[i]) {
                throw new IllegalStateException("not a dslc record cache of this version (magic 0x"
                        + Integer.toHexString((file[0] & 0xFF) << 24 | (file[1] & 0xFF) << 16 | (file[2] & 0xFF) << 8 | (file[3] & 0xFF))
                        + ")");
            }
        }
    }

    /** Decodes the record at {@code off}. */
    static Record decode(byte[] buf, int off) {
        long id = readLong(buf, off);
        int count = readInt(buf, off + 8);
        int p = off + 12;
        Map<String, String> fields = new LinkedHashMap<>(count * 4 / 3 + 1);
        for (int i = 0; i < count; i++) {
            int klen = readInt(buf, p);
            String k = new String(buf, p + 4, klen, UTF_8);
            p += 4 + klen;
            int vlen = readInt(buf, p);
            String v = new String(buf, p + 4, vlen, UTF_8);
            p += 4 + vlen;
            fields.put(k, v);
        }
        return new Record(id, fields, p - off);
    }

    /** Encodes this record for the cache; the cache writer calls it for every record after the build. */
    public byte[] encode() {
        byte[][] parts = new byte[fields.size() * 2][];
        int size = 12;
        int i = 0;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            parts[i] = e.getKey().getBytes(UTF_8);
            parts[i + 1] = e.getValue().getBytes(UTF_8);
            size += 8 + parts[i].length + parts[i + 1].length;
            i += 2;
        }
        byte[] out = new byte[size];
        writeLong(out, 0, id);
        writeInt(out, 8, fields.size());
        int p = 12;
        for (byte[] part : parts) {
            writeInt(out, p, part.length);
            System.arraycopy(part, 0, out, p + 4, part.length);
            p += 4 + part.length;
        }
        return out;
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    static long readLong(byte[] b, int off) {
        return (b[off] & 0xFFL) << 56 | (b[off + 1] & 0xFFL) << 48 | (b[off + 2] & 0xFFL) << 40 | (b[off + 3] & 0xFFL) << 32
                | (b[off + 4] & 0xFFL) << 24 | (b[off + 5] & 0xFFL) << 16 | (b[off + 6] & 0xFFL) << 8 | (b[off + 7] & 0xFFL);
    }

    static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static void writeLong(byte[] b, int off, long v) {
        writeInt(b, off, (int) (v >>> 32));
        writeInt(b, off + 4, (int) v);
    }

    @Override
    public String toString() {
        String[] pairs = fields.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        return "Record#" + id + Arrays.toString(pairs);
    }
}
