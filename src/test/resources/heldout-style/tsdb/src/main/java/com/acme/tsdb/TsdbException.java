package com.acme.tsdb;

import java.util.Locale;

/** Unchecked failure of the storage engine: corrupt data, bad input, an unknown series. */
public class TsdbException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TsdbException(String message) {
        super(message);
    }

    public TsdbException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The exception for a block whose bytes do not decode; callers throw what this returns. */
    public static TsdbException corruptBlock(String file, int offset, String detail) {
        return new TsdbException(String.format(Locale.ROOT, "corrupt block in %s at offset %d: %s", file, offset, detail));
    }
}
