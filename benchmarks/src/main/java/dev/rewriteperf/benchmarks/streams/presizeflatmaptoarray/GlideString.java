package dev.rewriteperf.benchmarks.streams.presizeflatmaptoarray;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A stand-in for valkey-glide's {@code GlideString}: a binary-safe string made from any value. */
public final class GlideString {

    private final byte[] bytes;

    private GlideString(byte[] bytes) {
        this.bytes = bytes;
    }

    public static GlideString gs(String string) {
        return new GlideString(string.getBytes(StandardCharsets.UTF_8));
    }

    /** Like the original: a GlideString is kept, bytes are wrapped, anything else (not null) goes through toString. */
    public static GlideString of(Object value) {
        if (value instanceof GlideString) {
            return (GlideString) value;
        }
        if (value instanceof byte[]) {
            return new GlideString((byte[]) value);
        }
        return gs(value.toString());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GlideString && Arrays.equals(bytes, ((GlideString) o).bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
