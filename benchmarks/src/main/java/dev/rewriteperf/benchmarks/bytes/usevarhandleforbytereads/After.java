package dev.rewriteperf.benchmarks.bytes.usevarhandleforbytereads;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Values assembled byte by byte, as {@code java.io.Bits} did before JDK 21, in both byte orders. */
public class After {

    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    public static int readIntBigEndian(byte[] b, int off) {
        return (int) INT_BE.get(b, off);
    }

    public static int readIntLittleEndian(byte[] b, int off) {
        return (int) INT_LE.get(b, off);
    }

    public static long readLongBigEndian(byte[] b, int off) {
        return (long) LONG_BE.get(b, off);
    }

    public static long readLongLittleEndian(byte[] b, int off) {
        return (long) LONG_LE.get(b, off);
    }

    public static long sumLongsBigEndian(byte[] b) {
        long sum = 0;
        for (int off = 0; off + 8 <= b.length; off += 8) {
            sum += (long) LONG_BE.get(b, off);
        }
        return sum;
    }

    public static long sumIntsLittleEndian(byte[] b) {
        long sum = 0;
        for (int off = 0; off + 4 <= b.length; off += 4) {
            sum += (int) INT_LE.get(b, off);
        }
        return sum;
    }
}
