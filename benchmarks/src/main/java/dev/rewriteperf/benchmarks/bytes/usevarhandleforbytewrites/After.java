package dev.rewriteperf.benchmarks.bytes.usevarhandleforbytewrites;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Values stored byte by byte, as {@code java.io.Bits} did before JDK 21, in both byte orders. */
public class After {

    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    public static void writeIntBigEndian(byte[] b, int off, int val) {
        INT_BE.set(b, off, val);
    }

    public static void writeIntLittleEndian(byte[] b, int off, int val) {
        INT_LE.set(b, off, val);
    }

    public static void writeLongBigEndian(byte[] b, int off, long val) {
        LONG_BE.set(b, off, val);
    }

    public static void writeLongLittleEndian(byte[] b, int off, long val) {
        LONG_LE.set(b, off, val);
    }

    public static void fillLongsBigEndian(byte[] b, long seed) {
        for (int off = 0; off + 8 <= b.length; off += 8) {
            long val = seed + off;
            LONG_BE.set(b, off, val);
        }
    }

    public static void fillIntsLittleEndian(byte[] b, int seed) {
        for (int off = 0; off + 4 <= b.length; off += 4) {
            int val = seed + off;
            INT_LE.set(b, off, val);
        }
    }
}
