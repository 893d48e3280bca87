package com.acme.tsdb.storage;

import com.acme.tsdb.index.SeriesIndex;
import com.acme.tsdb.ingest.FieldCodecs;
import com.acme.tsdb.model.Point;
import com.acme.tsdb.model.Point.FieldType;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * Writes a block file: a file header (magic, format fingerprint), then blocks of
 * [point count:4][byte length:4][points]. A point is [series id:8][timestamp:8][field count:4] and, per field,
 * [name length:4][name][type:1][value]. All numbers are big-endian.
 */
public final class BlockWriter implements Closeable {

    static final int MAGIC = 0x54534442;
    static final int VERSION = 2;
    static final int FORMAT_FINGERPRINT = Objects.hash(MAGIC, VERSION, "be-fields");
    static final int HEADER_LENGTH = 8;
    static final byte[] FILE_HEADER = new byte[HEADER_LENGTH];

    static {
        FILE_HEADER[0] = (byte) (MAGIC >>> 24);
        FILE_HEADER[1] = (byte) (MAGIC >>> 16);
        FILE_HEADER[2] = (byte) (MAGIC >>> 8);
        FILE_HEADER[3] = (byte) MAGIC;
        putInt(FILE_HEADER, 4, FORMAT_FINGERPRINT);
    }

    private final String name;
    private final OutputStream out;
    private final SeriesIndex index;
    private final int maxPoints;
    private byte[] buf = new byte[64 * 1024];
    private int pos;
    private int count;

    public BlockWriter(Path path, SeriesIndex index, int maxPoints) throws IOException {
        this.name = path.getFileName().toString();
        this.index = index;
        this.maxPoints = maxPoints;
        this.out = new BufferedOutputStream(Files.newOutputStream(path));
        out.write(FILE_HEADER);
    }

    /** Encodes one point into the open block: the ingest path calls this for every point it accepts. */
    public void append(Point point) throws IOException {
        appendRaw(index.getOrCreate(point.seriesKey()), point.timestamp(), point.fields());
    }

    /** Encodes one decoded sample: compaction calls this for every sample it keeps. */
    public void appendRaw(long seriesId, long timestamp, Map<String, Object> fields) throws IOException {
        ensure(20);
        putLong(buf, pos, seriesId);
        putLong(buf, pos + 8, timestamp);
        putInt(buf, pos + 16, fields.size());
        pos += 20;
        for (String field : fields.keySet()) {
            writeField(field, fields.get(field));
        }
        if (++count >= maxPoints) {
            flush();
        }
    }

    private void writeField(String field, Object value) {
        byte[] nameBytes = field.getBytes(StandardCharsets.UTF_8);
        FieldType type = FieldCodecs.typeOf(value);
        ensure(nameBytes.length + 13);
        putInt(buf, pos, nameBytes.length);
        System.arraycopy(nameBytes, 0, buf, pos + 4, nameBytes.length);
        pos += 4 + nameBytes.length;
        buf[pos++] = FieldCodecs.tag(type);
        switch (type) {
            case FLOAT:
                putLong(buf, pos, Double.doubleToRawLongBits(((Number) value).doubleValue()));
                pos += 8;
                break;
            case INTEGER:
                putLong(buf, pos, ((Number) value).longValue());
                pos += 8;
                break;
            case BOOLEAN:
                buf[pos++] = (byte) (Boolean.TRUE.equals(value) ? 1 : 0);
                break;
            default:
                byte[] text = value.toString().getBytes(StandardCharsets.UTF_8);
                ensure(text.length + 4);
                putInt(buf, pos, text.length);
                System.arraycopy(text, 0, buf, pos + 4, text.length);
                pos += 4 + text.length;
                break;
        }
    }

    private void ensure(int extra) {
        if (pos + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + extra));
        }
    }

    static void putLong(byte[] b, int off, long v) {
        b[off] = (byte) (v >>> 56);
        b[off + 1] = (byte) (v >>> 48);
        b[off + 2] = (byte) (v >>> 40);
        b[off + 3] = (byte) (v >>> 32);
        b[off + 4] = (byte) (v >>> 24);
        b[off + 5] = (byte) (v >>> 16);
        b[off + 6] = (byte) (v >>> 8);
        b[off + 7] = (byte) v;
    }

    static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    /** Closes the open block: writes its header and its points. */
    public void flush() throws IOException {
        if (count == 0) {
            return;
        }
        byte[] header = new byte[8];
        putInt(header, 0, count);
        putInt(header, 4, pos);
        out.write(header);
        out.write(buf, 0, pos);
        out.flush();
        pos = 0;
        count = 0;
    }

    public String name() {
        return name;
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            out.close();
        }
    }
}
