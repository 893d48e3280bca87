package dev.rewriteperf.benchmarks.hotpaths.iterateentrysetinsteadofkeyset;

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

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.hotpaths.IterateEntrySetInsteadOfKeySet}: the recipe's test input ({@link Before}) against
 * its output, over a {@code HashMap} of {@code size} customers. Each lookup is of the map's own key, whose hash the
 * string has cached and which {@code equals} matches by identity: the cheapest lookup a map can do.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class IterateEntrySetInsteadOfKeySetBenchmark {

    @Param({"10", "100", "1000"})
    int size;

    Map<String, Integer> amounts;

    @Setup
    public void setUp() {
        amounts = new HashMap<>();
        for (int i = 0; i < size; i++) {
            amounts.put("customer-" + i, i * 7 % 1000);
        }
    }

    @Benchmark
    public long before() {
        return Before.total(amounts);
    }

    @Benchmark
    public long after() {
        return After.total(amounts);
    }
}
