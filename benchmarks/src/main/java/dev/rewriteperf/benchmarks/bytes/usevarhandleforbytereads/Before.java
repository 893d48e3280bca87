package dev.rewriteperf.benchmarks.bytes.usevarhandleforbytereads;

/** Values assembled byte by byte, as {@code java.io.Bits} did before JDK 21, in both byte orders. */
public class Before {

    public static int readIntBigEndian(byte[] b, int off) {
        return ((b[off + 3] & 0xFF)) +
               ((b[off + 2] & 0xFF) << 8) +
               ((b[off + 1] & 0xFF) << 16) +
               ((b[off]) << 24);
    }

    public static int readIntLittleEndian(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }

    public static long readLongBigEndian(byte[] b, int off) {
        return ((b[off + 7] & 0xFFL)) +
               ((b[off + 6] & 0xFFL) << 8) +
               ((b[off + 5] & 0xFFL) << 16) +
               ((b[off + 4] & 0xFFL) << 24) +
               ((b[off + 3] & 0xFFL) << 32) +
               ((b[off + 2] & 0xFFL) << 40) +
               ((b[off + 1] & 0xFFL) << 48) +
               (((long) b[off]) << 56);
    }

    public static long readLongLittleEndian(byte[] b, int off) {
        return (b[off] & 0xFFL) | (b[off + 1] & 0xFFL) << 8 | (b[off + 2] & 0xFFL) << 16 | (b[off + 3] & 0xFFL) << 24 |
               (b[off + 4] & 0xFFL) << 32 | (b[off + 5] & 0xFFL) << 40 | (b[off + 6] & 0xFFL) << 48 | (b[off + 7] & 0xFFL) << 56;
    }

    public static long sumLongsBigEndian(byte[] b) {
        long sum = 0;
        for (int off = 0; off + 8 <= b.length; off += 8) {
            sum += ((b[off + 7] & 0xFFL)) +
                   ((b[off + 6] & 0xFFL) << 8) +
                   ((b[off + 5] & 0xFFL) << 16) +
                   ((b[off + 4] & 0xFFL) << 24) +
                   ((b[off + 3] & 0xFFL) << 32) +
                   ((b[off + 2] & 0xFFL) << 40) +
                   ((b[off + 1] & 0xFFL) << 48) +
                   (((long) b[off]) << 56);
        }
        return sum;
    }

    public static long sumIntsLittleEndian(byte[] b) {
        long sum = 0;
        for (int off = 0; off + 4 <= b.length; off += 4) {
            sum += (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
        }
        return sum;
    }
}
