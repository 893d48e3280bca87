package com.acme.kvstore.wal;

import com.acme.kvstore.InternalKey;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Append-only redo log. Every put and delete is appended here before it reaches the memtable; on open the log is
 * replayed into a fresh memtable.
 *
 * <p>Record layout: payload length (little-endian int), CRC32 of the payload (little-endian int), sequence
 * (big-endian long), kind (one byte), then the payload: key length (little-endian int), key bytes, value bytes.
 */
public final class WriteAheadLog implements AutoCloseable {

    public static final int HEADER = 17;
    private static final byte KIND_PUT = 1;
    private static final byte KIND_DELETE = 2;
    private static final int FILE_MAGIC = 0x4B56574C; // "KVWL"
    private static final int MAGIC_AT = 0;
    private static final byte[] FILE_HEADER = new byte[8];

    static {
        FILE_HEADER[MAGIC_AT] = (byte) (FILE_MAGIC >>> 24);
        FILE_HEADER[MAGIC_AT + 1] = (byte) (FILE_MAGIC >>> 16);
        FILE_HEADER[MAGIC_AT + 2] = (byte) (FILE_MAGIC >>> 8);
        FILE_HEADER[MAGIC_AT + 3] = (byte) FILE_MAGIC;
        FILE_HEADER[MAGIC_AT + 4] = 1; // format version
    }

    /** Receives replayed records in log order. */
    @FunctionalInterface
    public interface RecordHandler {
        void onRecord(long sequence, InternalKey.Kind kind, String key, byte[] value) throws IOException;
    }

    /** The log is damaged somewhere other than its tail. */
    public static final class WalCorruptionException extends IOException {
        private static final long serialVersionUID = 1L;
        private final long offset;

        public WalCorruptionException(long offset, String detail) {
            super(String.format("%s at offset %s", detail, offset));
            this.offset = offset;
        }

        public long offset() {
            return offset;
        }
    }

    private final Path path;
    private final FileOutputStream out;
    private final boolean syncEachWrite;
    private final CRC32 crc = new CRC32();
    private long bytesWritten;

    private WriteAheadLog(Path path, FileOutputStream out, boolean syncEachWrite) {
        this.path = path;
        this.out = out;
        this.syncEachWrite = syncEachWrite;
    }

    public static WriteAheadLog openForAppend(Path path, boolean syncEachWrite) throws IOException {
        boolean fresh = !Files.exists(path) || Files.size(path) == 0;
        FileOutputStream out = new FileOutputStream(path.toFile(), true);
        if (fresh) {
            out.write(FILE_HEADER);
        }
        return new WriteAheadLog(path, out, syncEachWrite);
    }

    /** Appends one record. Called by {@code KvStore.put} and {@code KvStore.delete} for every write. */
    public synchronized void append(long sequence, InternalKey.Kind kind, String key, byte[] value) throws IOException {
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        int payloadLength = 4 + k.length + value.length;
        byte[] record = new byte[HEADER + payloadLength];
        putIntLE(record, HEADER, k.length);
        System.arraycopy(k, 0, record, HEADER + 4, k.length);
        System.arraycopy(value, 0, record, HEADER + 4 + k.length, value.length);
        crc.reset();
        crc.update(record, HEADER, payloadLength);
        putIntLE(record, 0, payloadLength);
        putIntLE(record, 4, (int) crc.getValue());
        ByteBuffer.wrap(record, 8, 8).putLong(sequence);
        switch (kind) {
            case PUT:
                record[16] = KIND_PUT;
                break;
            case DELETE:
                record[16] = KIND_DELETE;
                break;
        }
        out.write(record);
        if (syncEachWrite) {
            out.getChannel().force(false);
        }
        bytesWritten += record.length;
    }

    static void putIntLE(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }

    /**
     * Replays every intact record into {@code handler} and returns the highest sequence seen. A record cut short at
     * the end of the file (the process died mid-append) ends the replay; damage anywhere else is an error. Called by
     * {@code KvStore.open} for every leftover log, and by the stats endpoint's {@code /wal} page on the live log.
     */
    public static long replay(Path path, RecordHandler handler) throws IOException {
        if (!Files.exists(path)) {
            return 0;
        }
        byte[] log = Files.readAllBytes(path);
        if (log.length < FILE_HEADER.length || !Arrays.equals(log, 0, 4, FILE_HEADER, 0, 4)) {
            throw new WalCorruptionException(0, path + " is not a write-ahead log");
        }
        CRC32 check = new CRC32();
        long last = 0;
        int pos = FILE_HEADER.length;
        while (pos + HEADER <= log.length) {
            int length = (log[pos] & 0xFF) | (log[pos + 1] & 0xFF) << 8 | (log[pos + 2] & 0xFF) << 16
                    | (log[pos + 3] & 0xFF) << 24;
            if (length < 4 || pos + HEADER + length > log.length) {
                break;
            }
            int stored = ByteBuffer.wrap(log, pos + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            long sequence = ((long) log[pos + 8] & 0xFF) << 56 | ((long) log[pos + 9] & 0xFF) << 48
                    | ((long) log[pos + 10] & 0xFF) << 40 | ((long) log[pos + 11] & 0xFF) << 32
                    | ((long) log[pos + 12] & 0xFF) << 24 | ((long) log[pos + 13] & 0xFF) << 16
                    | ((long) log[pos + 14] & 0xFF) << 8 | ((long) log[pos + 15] & 0xFF);
            check.reset();
            check.update(log, pos + HEADER, length);
            int actual = (int) check.getValue();
            if (stored != actual) {
                throw new WalCorruptionException(pos, "checksum mismatch for sequence " + sequence + " (stored "
                        + Integer.toHexString(stored) + ", computed " + Integer.toHexString(actual) + ")");
            }
            byte tag = log[pos + 16];
            InternalKey.Kind kind;
            switch (tag) {
                case KIND_PUT:
                    kind = InternalKey.Kind.PUT;
                    break;
                case KIND_DELETE:
                    kind = InternalKey.Kind.DELETE;
                    break;
                default:
                    throw new WalCorruptionException(pos, "unknown record kind " + tag + " in sequence " + sequence);
            }
            int payload = pos + HEADER;
            int keyLength = ByteBuffer.wrap(log).order(ByteOrder.LITTLE_ENDIAN).getInt(payload);
            String key = new String(log, payload + 4, keyLength, StandardCharsets.UTF_8);
            byte[] value = Arrays.copyOfRange(log, payload + 4 + keyLength, payload + length);
            handler.onRecord(sequence, kind, key, value);
            last = sequence;
            pos += HEADER + length;
        }
        return last;
    }

    public synchronized long bytesWritten() {
        return bytesWritten;
    }

    public Path path() {
        return path;
    }

    @Override
    public synchronized void close() throws IOException {
        out.getChannel().force(true);
        out.close();
    }
}
