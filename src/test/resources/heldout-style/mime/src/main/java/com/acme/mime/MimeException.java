package com.acme.mime;

import java.util.Locale;

/** Thrown when a message cannot be parsed, built or encoded. */
public class MimeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long offset;

    public MimeException(String message) {
        this(message, -1L, null);
    }

    public MimeException(String message, Throwable cause) {
        this(message, -1L, cause);
    }

    public MimeException(String message, long offset, Throwable cause) {
        super(message, cause);
        this.offset = offset;
    }

    /** Byte offset in the raw message where the problem was found, or -1 when unknown. */
    public long offset() {
        return offset;
    }

    /**
     * The parser's "what at byte N: detail" failure. Always used as {@code throw MimeException.at(..)}.
     */
    public static MimeException at(long offset, String what, String detail) {
        return new MimeException(String.format(Locale.ROOT, "%s at byte %d: %s", what, offset, detail), offset, null);
    }
}
