package com.acme.chat;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Message history. Each room appends to its active segment file, {@code <room>-<base>.seg}, and
 * rolls to a new one past {@link #ROLL_BYTES}. A segment is an 8-byte file header (magic, version)
 * followed by records: {@code int length, long sentAt, byte[length] payload}, all big-endian.
 */
public class SegmentStore implements Closeable {

    public static final class CorruptSegmentException extends IOException {
        public CorruptSegmentException(String message) {
            super(message);
        }
    }

    /** One stored message as read back for a history page. */
    public record Record(long sentAt, byte[] payload) {
    }

    static final int MAGIC = 0x43484154; // "CHAT"
    static final int VERSION = 2;
    static final int FILE_HEADER_SIZE = 8;
    static final int RECORD_HEADER_SIZE = 12;
    static final long ROLL_BYTES = 64L << 20;

    private static final byte[] FILE_HEADER = new byte[FILE_HEADER_SIZE];

    static {
        FILE_HEADER[0] = (byte) (MAGIC >>> 24);
        FILE_HEADER[1] = (byte) (MAGIC >>> 16);
        FILE_HEADER[2] = (byte) (MAGIC >>> 8);
        FILE_HEADER[3] = (byte) MAGIC;
        FILE_HEADER[7] = (byte) VERSION; // bytes 4..6 stay zero until the version outgrows a byte
    }

    private static final class Segment {
        final Path file;
        final OutputStream out;
        long size;

        Segment(Path file, OutputStream out, long size) {
            this.file = file;
            this.out = out;
            this.size = size;
        }
    }

    private final Path dir;
    private final Map<String, Segment> active = new HashMap<>();

    public SegmentStore(Path dir) {
        this.dir = dir;
    }

    /** Appends one message; called by the server for every message it accepts. */
    public synchronized void append(Message message, byte[] payload) throws IOException {
        Segment seg = activeSegment(message.room());
        int len = payload.length;
        long sentAt = message.sentAt();
        byte[] record = new byte[RECORD_HEADER_SIZE + len];
        record[0] = (byte) (len >>> 24);
        record[1] = (byte) (len >>> 16);
        record[2] = (byte) (len >>> 8);
        record[3] = (byte) len;
        record[4] = (byte) (sentAt >>> 56);
        record[5] = (byte) (sentAt >>> 48);
        record[6] = (byte) (sentAt >>> 40);
        record[7] = (byte) (sentAt >>> 32);
        record[8] = (byte) (sentAt >>> 24);
        record[9] = (byte) (sentAt >>> 16);
        record[10] = (byte) (sentAt >>> 8);
        record[11] = (byte) sentAt;
        System.arraycopy(payload, 0, record, RECORD_HEADER_SIZE, len);
        seg.out.write(record);
        seg.out.flush();
        seg.size += record.length;
        if (seg.size >= ROLL_BYTES) {
            seg.out.close();
            active.remove(message.room());
        }
    }

    private Segment activeSegment(String room) throws IOException {
        Segment seg = active.get(room);
        if (seg == null) {
            Path file = segmentPath(room, System.currentTimeMillis());
            boolean fresh = !Files.exists(file);
            OutputStream out = new BufferedOutputStream(Files.newOutputStream(file,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND));
            if (fresh) {
                out.write(FILE_HEADER);
            }
            seg = new Segment(file, out, fresh ? FILE_HEADER_SIZE : Files.size(file));
            active.put(room, seg);
        }
        return seg;
    }

    Path segmentPath(String room, long base) {
        return dir.resolve(String.format(Locale.ROOT, "%s-%d.seg", room, base));
    }

    /**
     * One page of a room's history: every record of the segment starting at {@code base}. Serves the
     * HIST frame clients send when they scroll back.
     */
    public List<Record> history(String room, long base) throws IOException {
        Path file = segmentPath(room, base);
        byte[] data = segmentBytes(file);
        try {
            return records(data);
        } catch (CorruptSegmentException e) {
            Path target = file.resolveSibling(file.getFileName() + ".corrupt");
            try (InputStream in = Files.newInputStream(file);
                 OutputStream out = Files.newOutputStream(target)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            System.err.println("quarantined " + file + ": " + e.getMessage());
            return List.of();
        }
    }

    private static byte[] segmentBytes(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file);
             ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        }
    }

    static List<Record> records(byte[] data) throws CorruptSegmentException {
        checkHeader(data);
        List<Record> out = new ArrayList<>();
        int off = FILE_HEADER_SIZE;
        while (off + RECORD_HEADER_SIZE <= data.length) {
            int len = (data[off] & 0xFF) << 24 | (data[off + 1] & 0xFF) << 16
                    | (data[off + 2] & 0xFF) << 8 | (data[off + 3] & 0xFF);
            long sentAt = (data[off + 4] & 0xFFL) << 56 | (data[off + 5] & 0xFFL) << 48
                    | (data[off + 6] & 0xFFL) << 40 | (data[off + 7] & 0xFFL) << 32
                    | (data[off + 8] & 0xFFL) << 24 | (data[off + 9] & 0xFFL) << 16
                    | (data[off + 10] & 0xFFL) << 8 | (data[off + 11] & 0xFFL);
            int start = off + RECORD_HEADER_SIZE;
            if (len < 0 || start + len > data.length) {
                throw new CorruptSegmentException("truncated record at offset " + off);
            }
            out.add(new Record(sentAt, Arrays.copyOfRange(data, start, start + len)));
            off = start + len;
        }
        return out;
    }

    private static void checkHeader(byte[] data) throws CorruptSegmentException {
        if (data.length < FILE_HEADER_SIZE) {
            throw new CorruptSegmentException("short file header: " + data.length + " bytes");
        }
        if (!Arrays.equals(data, 0, 4, FILE_HEADER, 0, 4)) {
            throw new CorruptSegmentException("bad magic 0x" + Integer.toHexString(
                    (data[0] & 0xFF) << 24 | (data[1] & 0xFF) << 16 | (data[2] & 0xFF) << 8 | (data[3] & 0xFF)));
        }
    }

    @Override
    public synchronized void close() throws IOException {
        for (Segment seg : active.values()) {
            seg.out.close();
        }
        active.clear();
    }
}
