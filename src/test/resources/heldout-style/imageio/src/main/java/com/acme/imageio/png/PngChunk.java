package com.acme.imageio.png;

import java.util.Arrays;
import java.util.Objects;

/**
 * One chunk of a PNG stream: a 4-byte big-endian length, a 4-byte ASCII type, the data and a CRC-32
 * over type and data. Instances are created by {@link PngChunkReader} for every chunk it reads.
 */
public final class PngChunk {

    private final String type;
    private final int length;
    private final long crc;
    private final byte[] data;

    public PngChunk(String type, byte[] data, long crc) {
        if (!type.matches("[A-Za-z]{4}")) {
            throw new IllegalArgumentException(String.format("invalid chunk type '%s'", type));
        }
        this.type = type;
        this.data = data;
        this.length = data.length;
        this.crc = crc;
    }

    public String type() {
        return type;
    }

    public int length() {
        return length;
    }

    public long crc() {
        return crc;
    }

    public byte[] data() {
        return data;
    }

    /** Critical chunks (IHDR, PLTE, IDAT, IEND) have an upper-case first letter. */
    public boolean isCritical() {
        return Character.isUpperCase(type.charAt(0));
    }

    public boolean isAncillary() {
        return !isCritical();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PngChunk)) {
            return false;
        }
        PngChunk other = (PngChunk) o;
        return length == other.length && crc == other.crc && type.equals(other.type)
                && Arrays.equals(data, other.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, length, crc);
    }

    @Override
    public String toString() {
        return String.format("%s[length=%s, crc=%s]", type, length, crc);
    }
}
