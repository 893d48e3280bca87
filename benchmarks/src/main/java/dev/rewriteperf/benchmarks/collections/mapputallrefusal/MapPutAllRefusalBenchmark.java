package dev.rewriteperf.benchmarks.collections.mapputallrefusal;

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

import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Why {@code dev.rewriteperf.collections.UseCopyConstructorInsteadOfAddAll} leaves {@code putAll} alone: no gain to have. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class MapPutAllRefusalBenchmark {

    @Param({"13", "50", "100", "1000"})
    int size;

    Map<String, Integer> source;

    @Setup
    public void setUp() {
        source = Data.map(size);
    }

    @Benchmark
    public Map<String, Integer> putAll() {
        return Before.copy(source);
    }

    @Benchmark
    public Map<String, Integer> copyConstructor() {
        return CopyConstructor.copy(source);
    }
}
