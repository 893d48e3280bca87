package dev.rewriteperf.benchmarks.bytes.usevarhandleforbytereads;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.bytes.UseVarHandleForByteReads}: single reads of an int and a long in both byte orders
 * at a varying offset, and a 4 KiB array summed as longs (big-endian) and as ints (little-endian).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class UseVarHandleForByteReadsBenchmark {

    private static final int MASK = 4096 - 16;

    byte[] data;
    int offset;

    @Setup
    public void setUp() {
        data = new byte[4096];
        new Random(42).nextBytes(data);
    }

    /** Moves the single reads through the array so that they are not hoisted out of the benchmark loop. */
    private int nextOffset() {
        offset = (offset + 13) & MASK;
        return offset;
    }

    @Benchmark
    public int readIntBigEndianBefore() {
        return Before.readIntBigEndian(data, nextOffset());
    }

    @Benchmark
    public int readIntBigEndianAfter() {
        return After.readIntBigEndian(data, nextOffset());
    }

    @Benchmark
    public int readIntLittleEndianBefore() {
        return Before.readIntLittleEndian(data, nextOffset());
    }

    @Benchmark
    public int readIntLittleEndianAfter() {
        return After.readIntLittleEndian(data, nextOffset());
    }

    @Benchmark
    public long readLongBigEndianBefore() {
        return Before.readLongBigEndian(data, nextOffset());
    }

    @Benchmark
    public long readLongBigEndianAfter() {
        return After.readLongBigEndian(data, nextOffset());
    }

    @Benchmark
    public long readLongLittleEndianBefore() {
        return Before.readLongLittleEndian(data, nextOffset());
    }

    @Benchmark
    public long readLongLittleEndianAfter() {
        return After.readLongLittleEndian(data, nextOffset());
    }

    @Benchmark
    public long sumLongsBigEndianBefore() {
        return Before.sumLongsBigEndian(data);
    }

    @Benchmark
    public long sumLongsBigEndianAfter() {
        return After.sumLongsBigEndian(data);
    }

    @Benchmark
    public long sumIntsLittleEndianBefore() {
        return Before.sumIntsLittleEndian(data);
    }

    @Benchmark
    public long sumIntsLittleEndianAfter() {
        return After.sumIntsLittleEndian(data);
    }
}
