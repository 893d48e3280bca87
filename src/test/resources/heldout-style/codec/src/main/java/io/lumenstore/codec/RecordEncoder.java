package io.lumenstore.codec;

import java.util.zip.CRC32;

/**
 * Appends records to an in-memory page. One encoder per open page; the
 * memtable flusher calls {@link #append} for every record it writes.
 */
public final class RecordEncoder {

    public static final int HEADER_SIZE = 26;
    public static final int TRAILER_SIZE = 4;

    /** Magic followed by a zero length: stamped into pre-allocated pages so a reader stops there. */
    private static final byte[] EMPTY_HEADER = new byte[HEADER_SIZE];

    static {
        final int magic = RecordDecoder.MAGIC;
        EMPTY_HEADER[0] = (byte) (magic >>> 24);
        EMPTY_HEADER[1] = (byte) (magic >>> 16);
        EMPTY_HEADER[2] = (byte) (magic >>> 8);
        EMPTY_HEADER[3] = (byte) magic;
    }

    private final byte[] page;
    private final int pageSize;
    private int position;

    public RecordEncoder(int pageSize) {
        this.pageSize = pageSize;
        this.page = new byte[pageSize];
        reset();
    }

    public void reset() {
        position = 0;
        System.arraycopy(EMPTY_HEADER, 0, page, 0, Math.min(HEADER_SIZE, pageSize));
    }

    /** Appends one record and returns its offset in the page. */
    public int append(long sequence, long timestampMicros, int flags, byte[] payload) {
        final int off = position;
        final int need = HEADER_SIZE + payload.length + TRAILER_SIZE;
        if (off + need > pageSize) {
            throw new IllegalStateException(String.format("page full: record needs %s bytes at %s, page is %s", need, off, pageSize));
        }
        writeIntBE(page, off, RecordDecoder.MAGIC);
        writeIntBE(page, off + 4, payload.length);
        writeLongBE(page, off + 8, sequence);
        writeLongBE(page, off + 16, Long.reverseBytes(timestampMicros)); // little-endian on disk, see RecordDecoder
        page[off + 24] = (byte) flags;
        page[off + 25] = (byte) (flags >>> 8);
        System.arraycopy(payload, 0, page, off + HEADER_SIZE, payload.length);

        CRC32 crc = new CRC32();
        crc.update(payload, 0, payload.length);
        int c = (int) crc.getValue();
        int t = off + HEADER_SIZE + payload.length;
        page[t] = (byte) c;
        page[t + 1] = (byte) (c >>> 8);
        page[t + 2] = (byte) (c >>> 16);
        page[t + 3] = (byte) (c >>> 24);

        position = off + need;
        return off;
    }

    public byte[] page() {
        return page;
    }

    public int position() {
        return position;
    }

    static void writeIntBE(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static void writeLongBE(byte[] b, int off, long v) {
        b[off] = (byte) (v >>> 56);
        b[off + 1] = (byte) (v >>> 48);
        b[off + 2] = (byte) (v >>> 40);
        b[off + 3] = (byte) (v >>> 32);
        b[off + 4] = (byte) (v >>> 24);
        b[off + 5] = (byte) (v >>> 16);
        b[off + 6] = (byte) (v >>> 8);
        b[off + 7] = (byte) v;
    }
}
