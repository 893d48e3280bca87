package dev.rewriteperf.benchmarks.streams.presizemaptolist;

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

import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code dev.rewriteperf.streams.PreSizeMapToList} on lists of 1, 10, 50 and 1000 strings. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class PreSizeMapToListBenchmark {

    @Param({"1", "10", "50", "1000"})
    int size;

    List<String> names;

    @Setup
    public void setUp() {
        names = Data.keys(size);
    }

    @Benchmark
    public List<String> before() {
        return Before.trimmed(names);
    }

    @Benchmark
    public List<String> after() {
        return After.trimmed(names);
    }

    @Benchmark
    public List<String> appendedBefore() {
        return Before.appended(names);
    }

    @Benchmark
    public List<String> appendedAfter() {
        return After.appended(names);
    }
}
