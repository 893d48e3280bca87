package dev.rewriteperf.benchmarks.hotpaths.inlineobjectshash;

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

import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.hotpaths.InlineObjectsHash}: the recipe's test input ({@link Before}) against its output,
 * the hash of {@code size} keys in a row (as a hash map computes them), each call through {@code Object.hashCode}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class InlineObjectsHashBenchmark {

    @Param({"1", "100"})
    int size;

    Object[] before;
    Object[] after;

    @Setup
    public void setUp() {
        before = new Object[size];
        after = new Object[size];
        for (int i = 0; i < size; i++) {
            before[i] = new Before("sku-" + i, 1_000_000L + i);
            after[i] = new After("sku-" + i, 1_000_000L + i);
        }
    }

    @Benchmark
    public int before() {
        int sum = 0;
        for (Object key : before) {
            sum += key.hashCode();
        }
        return sum;
    }

    @Benchmark
    public int after() {
        int sum = 0;
        for (Object key : after) {
            sum += key.hashCode();
        }
        return sum;
    }
}
