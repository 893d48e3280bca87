package dev.rewriteperf.benchmarks.streams.presizemaptoset;

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
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.streams.PreSizeMapToSet} on lists of 10 and 1000 distinct strings: the Java 19 factory
 * ({@code after}), the capacity written before Java 19 ({@code afterJava8}), and the copy of a collection.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class PreSizeMapToSetBenchmark {

    @Param({"10", "1000"})
    int size;

    List<String> names;

    @Setup
    public void setUp() {
        names = Data.keys(size);
    }

    @Benchmark
    public Set<String> before() {
        return Before.trimmed(names);
    }

    @Benchmark
    public Set<String> after() {
        return After.trimmed(names);
    }

    @Benchmark
    public Set<String> afterJava8() {
        return AfterJava8.trimmed(names);
    }

    @Benchmark
    public Set<String> copiedBefore() {
        return Before.copied(names);
    }

    @Benchmark
    public Set<String> copiedAfter() {
        return After.copied(names);
    }
}
