package io.lumenstore.codec;

/**
 * Thrown when a record fails its magic, length or checksum check.
 */
public class CorruptRecordException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long offset;

    public CorruptRecordException(String what, long offset) {
        super(String.format("%s at offset %s", what, offset));
        this.offset = offset;
    }

    public CorruptRecordException(String what, long offset, Throwable cause) {
        super(what + " at offset " + offset, cause);
        this.offset = offset;
    }

    /** Offset of the bad record inside its segment. */
    public long offset() {
        return offset;
    }
}
