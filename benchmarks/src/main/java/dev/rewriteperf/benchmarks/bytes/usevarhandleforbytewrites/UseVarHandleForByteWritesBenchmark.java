package dev.rewriteperf.benchmarks.bytes.usevarhandleforbytewrites;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.bytes.UseVarHandleForByteWrites}: single writes of an int and a long in both byte orders
 * at a varying offset, and a 4 KiB array filled with big-endian longs and with little-endian ints.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class UseVarHandleForByteWritesBenchmark {

    private static final int MASK = 4096 - 16;

    final byte[] data = new byte[4096];
    int offset;

    /** Moves the single writes through the array and varies the value, so that neither is hoisted. */
    private int nextOffset() {
        offset = (offset + 13) & MASK;
        return offset;
    }

    @Benchmark
    public byte[] writeIntBigEndianBefore() {
        int off = nextOffset();
        Before.writeIntBigEndian(data, off, off * 0x9E3779B9);
        return data;
    }

    @Benchmark
    public byte[] writeIntBigEndianAfter() {
        int off = nextOffset();
        After.writeIntBigEndian(data, off, off * 0x9E3779B9);
        return data;
    }

    @Benchmark
    public byte[] writeIntLittleEndianBefore() {
        int off = nextOffset();
        Before.writeIntLittleEndian(data, off, off * 0x9E3779B9);
        return data;
    }

    @Benchmark
    public byte[] writeIntLittleEndianAfter() {
        int off = nextOffset();
        After.writeIntLittleEndian(data, off, off * 0x9E3779B9);
        return data;
    }

    @Benchmark
    public byte[] writeLongBigEndianBefore() {
        int off = nextOffset();
        Before.writeLongBigEndian(data, off, off * 0x9E3779B97F4A7C15L);
        return data;
    }

    @Benchmark
    public byte[] writeLongBigEndianAfter() {
        int off = nextOffset();
        After.writeLongBigEndian(data, off, off * 0x9E3779B97F4A7C15L);
        return data;
    }

    @Benchmark
    public byte[] writeLongLittleEndianBefore() {
        int off = nextOffset();
        Before.writeLongLittleEndian(data, off, off * 0x9E3779B97F4A7C15L);
        return data;
    }

    @Benchmark
    public byte[] writeLongLittleEndianAfter() {
        int off = nextOffset();
        After.writeLongLittleEndian(data, off, off * 0x9E3779B97F4A7C15L);
        return data;
    }

    @Benchmark
    public byte[] fillLongsBigEndianBefore() {
        Before.fillLongsBigEndian(data, nextOffset());
        return data;
    }

    @Benchmark
    public byte[] fillLongsBigEndianAfter() {
        After.fillLongsBigEndian(data, nextOffset());
        return data;
    }

    @Benchmark
    public byte[] fillIntsLittleEndianBefore() {
        Before.fillIntsLittleEndian(data, nextOffset());
        return data;
    }

    @Benchmark
    public byte[] fillIntsLittleEndianAfter() {
        After.fillIntsLittleEndian(data, nextOffset());
        return data;
    }
}
