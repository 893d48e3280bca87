package dev.rewriteperf.benchmarks.collections.replacecapacityformulawithfactory;

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
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** {@code dev.rewriteperf.collections.ReplaceCapacityFormulaWithFactory}: the recipe's test input ({@link Before}) against its output. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class ReplaceCapacityFormulaWithFactoryBenchmark {

    @Param({"12", "13", "50", "96", "1000"})
    int size;

    List<String> keys;

    @Setup
    public void setUp() {
        keys = Data.keys(size);
    }

    @Benchmark
    public Map<String, Integer> before() {
        return Before.index(keys);
    }

    @Benchmark
    public Map<String, Integer> after() {
        return After.index(keys);
    }
}
