package com.acme.imageio.core;

import java.io.IOException;

/**
 * Thrown when a file's bytes contradict its own structure: a bad signature, a chunk that runs past
 * the end of the file, a CRC that does not match. The batch tool quarantines such files.
 */
public class CorruptImageException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final long offset;

    public CorruptImageException(String source, long offset, String detail) {
        super(String.format("%s at byte %s: %s", source, offset, detail));
        this.source = source;
        this.offset = offset;
    }

    public CorruptImageException(String message, Throwable cause) {
        super(message, cause);
        this.source = null;
        this.offset = -1;
    }

    /** The file the problem was found in, or null when it is not known. */
    public String source() {
        return source;
    }

    /** Byte offset of the structure that failed to parse, or -1. */
    public long offset() {
        return offset;
    }

    public static CorruptImageException truncated(String source, long offset, int wanted) {
        return new CorruptImageException(source, offset, "file ends " + wanted + " bytes early");
    }
}
