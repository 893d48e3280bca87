package dev.rewriteperf.benchmarks.bytes.usevarhandleforbytewrites;

/** Values stored byte by byte, as {@code java.io.Bits} did before JDK 21, in both byte orders. */
public class Before {

    public static void writeIntBigEndian(byte[] b, int off, int val) {
        b[off + 3] = (byte) (val);
        b[off + 2] = (byte) (val >>> 8);
        b[off + 1] = (byte) (val >>> 16);
        b[off] = (byte) (val >>> 24);
    }

    public static void writeIntLittleEndian(byte[] b, int off, int val) {
        b[off] = (byte) val;
        b[off + 1] = (byte) (val >> 8);
        b[off + 2] = (byte) (val >> 16);
        b[off + 3] = (byte) (val >> 24);
    }

    public static void writeLongBigEndian(byte[] b, int off, long val) {
        b[off + 7] = (byte) (val);
        b[off + 6] = (byte) (val >>> 8);
        b[off + 5] = (byte) (val >>> 16);
        b[off + 4] = (byte) (val >>> 24);
        b[off + 3] = (byte) (val >>> 32);
        b[off + 2] = (byte) (val >>> 40);
        b[off + 1] = (byte) (val >>> 48);
        b[off] = (byte) (val >>> 56);
    }

    public static void writeLongLittleEndian(byte[] b, int off, long val) {
        b[off] = (byte) (val & 0xFF);
        b[off + 1] = (byte) (val >>> 8 & 0xFF);
        b[off + 2] = (byte) (val >>> 16 & 0xFF);
        b[off + 3] = (byte) (val >>> 24 & 0xFF);
        b[off + 4] = (byte) (val >>> 32 & 0xFF);
        b[off + 5] = (byte) (val >>> 40 & 0xFF);
        b[off + 6] = (byte) (val >>> 48 & 0xFF);
        b[off + 7] = (byte) (val >>> 56 & 0xFF);
    }

    public static void fillLongsBigEndian(byte[] b, long seed) {
        for (int off = 0; off + 8 <= b.length; off += 8) {
            long val = seed + off;
            b[off] = (byte) (val >>> 56);
            b[off + 1] = (byte) (val >>> 48);
            b[off + 2] = (byte) (val >>> 40);
            b[off + 3] = (byte) (val >>> 32);
            b[off + 4] = (byte) (val >>> 24);
            b[off + 5] = (byte) (val >>> 16);
            b[off + 6] = (byte) (val >>> 8);
            b[off + 7] = (byte) val;
        }
    }

    public static void fillIntsLittleEndian(byte[] b, int seed) {
        for (int off = 0; off + 4 <= b.length; off += 4) {
            int val = seed + off;
            b[off] = (byte) val;
            b[off + 1] = (byte) (val >>> 8);
            b[off + 2] = (byte) (val >>> 16);
            b[off + 3] = (byte) (val >>> 24);
        }
    }
}
