package io.lumenstore.codec;

import java.util.Objects;

/**
 * The fixed-size header of one record. The segment reader creates one for every record it scans.
 */
public final class RecordHeader {

    static final int LAYOUT_VERSION = 2;
    static final String FORMAT_NAME = "lumen-record";

    /** Written into every segment footer; a reader refuses a segment whose layout hash differs. */
    public static final int LAYOUT_HASH = Objects.hash(LAYOUT_VERSION, FORMAT_NAME);

    private final int magic;
    private final int length;
    private final long sequence;
    private final long timestampMicros;
    private final int flags;

    public RecordHeader(byte[] buf, int off) {
        this.magic = (buf[off] & 0xFF) << 24 | (buf[off + 1] & 0xFF) << 16 | (buf[off + 2] & 0xFF) << 8 | (buf[off + 3] & 0xFF);
        this.length = RecordDecoder.readLength(buf, off + 4);
        this.sequence = RecordDecoder.readSequence(buf, off + 8);
        this.timestampMicros = RecordDecoder.readTimestampMicros(buf, off + 16);
        this.flags = RecordDecoder.readFlags(buf, off + 24);
    }

    public int length() {
        return length;
    }

    public long sequence() {
        return sequence;
    }

    public boolean isTombstone() {
        return (flags & 1) != 0;
    }

    /** One line per record, in the replication stream's text mode and in lumen-dump. */
    public String describe() {
        return String.format("%s@%s len=%s flags=%s", sequence, timestampMicros, length, flags);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof RecordHeader)) return false;
        RecordHeader h = (RecordHeader) o;
        return magic == h.magic && length == h.length && sequence == h.sequence;
    }

    @Override
    public int hashCode() {
        return Objects.hash(magic, length, sequence);
    }

    @Override
    public String toString() {
        return String.format("RecordHeader[seq=%s, len=%s, ts=%s, flags=%s]", sequence, length, timestampMicros, flags);
    }
}
