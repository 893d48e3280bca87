package dev.rewriteperf.benchmarks.buffers.hoistreadbufferoutofloop;

import dev.rewriteperf.benchmarks.Data;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.buffers.HoistReadBufferOutOfLoop}: a read buffer allocated in every iteration
 * ({@link Before}) against one allocated before the loop ({@link After}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(3)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HoistReadBufferOutOfLoopBenchmark {

    @Param({"16384", "1048576"})
    int size;

    byte[] data;

    @Setup
    public void setUp() {
        data = Data.exportText(size);
    }

    @Benchmark
    public long checksumBefore() throws IOException {
        return Before.checksum(data);
    }

    @Benchmark
    public long checksumAfter() throws IOException {
        return After.checksum(data);
    }

    @Benchmark
    public String textBefore() throws IOException {
        return Before.text(data);
    }

    @Benchmark
    public String textAfter() throws IOException {
        return After.text(data);
    }
}
