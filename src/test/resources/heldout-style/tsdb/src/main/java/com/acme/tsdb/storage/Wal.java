package com.acme.tsdb.storage;

import com.acme.tsdb.TsdbException;
import com.acme.tsdb.ingest.FieldCodecs;
import com.acme.tsdb.ingest.IngestConfig;
import com.acme.tsdb.logging.Log;
import com.acme.tsdb.model.Point;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * Write-ahead log. Every accepted point is appended before the write is acknowledged; when the database opens,
 * the segments not yet flushed to blocks are replayed into the memtable.
 * A segment is [magic:4] then records of [length:4][crc32:4][payload], the first two as one big-endian long.
 */
public final class Wal implements Closeable {

    private static final Log log = Log.get(Wal.class);
    static final int SEGMENT_MAGIC = 0x57414C31;

    private final OutputStream out;
    private final IngestConfig config;
    private final String database;
    private final CRC32 crc = new CRC32();

    public Wal(Path segment, IngestConfig config, String database) throws IOException {
        this.out = new BufferedOutputStream(Files.newOutputStream(segment));
        this.config = config;
        this.database = database;
        byte[] magic = new byte[4];
        BlockWriter.putInt(magic, 0, SEGMENT_MAGIC);
        out.write(magic);
    }

    public synchronized void append(Point point) throws IOException {
        String shard = config.shardFor(database, point.timestamp());
        String[] tagPairs = point.tags().entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        ByteArrayOutputStream body = new ByteArrayOutputStream(256);
        DataOutputStream data = new DataOutputStream(body);
        data.writeUTF(shard);
        data.writeUTF(point.measurement());
        data.writeShort(tagPairs.length);
        for (String s : tagPairs) {
            data.writeUTF(s);
        }
        data.writeLong(point.timestamp());
        data.writeShort(point.fields().size());
        for (Map.Entry<String, Object> field : point.fields().entrySet()) {
            data.writeUTF(field.getKey());
            writeValue(data, field.getValue());
        }
        byte[] payload = body.toByteArray();
        crc.reset();
        crc.update(payload);
        long header = (long) payload.length << 32 | crc.getValue();
        byte[] h = new byte[8];
        h[0] = (byte) (header >>> 56);
        h[1] = (byte) (header >>> 48);
        h[2] = (byte) (header >>> 40);
        h[3] = (byte) (header >>> 32);
        h[4] = (byte) (header >>> 24);
        h[5] = (byte) (header >>> 16);
        h[6] = (byte) (header >>> 8);
        h[7] = (byte) header;
        out.write(h);
        out.write(payload);
    }

    private static void writeValue(DataOutputStream data, Object value) throws IOException {
        Point.FieldType type = FieldCodecs.typeOf(value);
        data.writeByte(FieldCodecs.tag(type));
        switch (type) {
            case FLOAT:
                data.writeDouble(((Number) value).doubleValue());
                break;
            case INTEGER:
                data.writeLong(((Number) value).longValue());
                break;
            case BOOLEAN:
                data.writeBoolean((Boolean) value);
                break;
            default:
                data.writeUTF(value.toString());
                break;
        }
    }

    /** Replays one segment into the sink when the database opens; returns the number of points replayed. */
    public static int replay(Path segment, Consumer<Point> sink) throws IOException {
        String name = segment.getFileName().toString();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(segment))) {
            byte[] m = in.readNBytes(4);
            if (m.length < 4) {
                return 0;
            }
            int magic = (m[0] & 0xFF) << 24 | (m[1] & 0xFF) << 16 | (m[2] & 0xFF) << 8 | (m[3] & 0xFF);
            if (magic != SEGMENT_MAGIC) {
                throw new TsdbException(name + " is not a WAL segment");
            }
            CRC32 check = new CRC32();
            byte[] h = new byte[8];
            int replayed = 0;
            while (in.readNBytes(h, 0, 8) == 8) {
                long header = (h[0] & 0xFFL) << 56 | (h[1] & 0xFFL) << 48 | (h[2] & 0xFFL) << 40 | (h[3] & 0xFFL) << 32
                        | (h[4] & 0xFFL) << 24 | (h[5] & 0xFFL) << 16 | (h[6] & 0xFFL) << 8 | (h[7] & 0xFFL);
                int length = (int) (header >>> 32);
                byte[] payload = in.readNBytes(length);
                if (payload.length < length) {
                    log.warn("torn record at the end of " + name + ", ignored", null);
                    break;
                }
                check.reset();
                check.update(payload);
                if ((int) check.getValue() != (int) header) {
                    log.warn("checksum mismatch in " + name + " after " + replayed + " records, rest ignored", null);
                    break;
                }
                sink.accept(decode(payload));
                replayed++;
            }
            return replayed;
        }
    }

    private static Point decode(byte[] payload) throws IOException {
        DataInputStream data = new DataInputStream(new ByteArrayInputStream(payload));
        data.readUTF();
        String measurement = data.readUTF();
        int tagCount = data.readShort();
        SortedMap<String, String> tags = new TreeMap<>();
        for (int i = 0; i < tagCount; i += 2) {
            tags.put(data.readUTF(), data.readUTF());
        }
        long timestamp = data.readLong();
        int fieldCount = data.readShort();
        Map<String, Object> fields = new HashMap<>();
        for (int i = 0; i < fieldCount; i++) {
            String field = data.readUTF();
            switch (FieldCodecs.fromTag(data.readByte())) {
                case FLOAT:
                    fields.put(field, data.readDouble());
                    break;
                case INTEGER:
                    fields.put(field, data.readLong());
                    break;
                case BOOLEAN:
                    fields.put(field, data.readBoolean());
                    break;
                default:
                    fields.put(field, data.readUTF());
                    break;
            }
        }
        return new Point(measurement, tags, fields, timestamp);
    }

    /** Streams a closed segment to a replica; the connection's stream belongs to the caller. */
    public static void ship(Path segment, OutputStream replica) throws IOException {
        try (InputStream in = Files.newInputStream(segment)) {
            byte[] buf = new byte[16 * 1024];
            int n;
            while ((n = in.read(buf)) != -1) {
                replica.write(buf, 0, n);
            }
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
