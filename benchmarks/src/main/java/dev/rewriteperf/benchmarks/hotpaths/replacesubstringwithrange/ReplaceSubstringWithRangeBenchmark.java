package dev.rewriteperf.benchmarks.hotpaths.replacesubstringwithrange;

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
 * {@code dev.rewriteperf.hotpaths.ReplaceSubstringWithRange}: the recipe's test input ({@link Before}) against its
 * output, {@code size} addresses in a row appended to one reused builder.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class ReplaceSubstringWithRangeBenchmark {

    @Param({"1", "100"})
    int size;

    String[] addresses;
    StringBuilder key;

    @Setup
    public void setUp() {
        addresses = new String[size];
        for (int i = 0; i < size; i++) {
            addresses[i] = "replica-" + i + ".orders.internal:" + (8000 + i);
        }
        key = new StringBuilder(64 * size);
    }

    @Benchmark
    public int before() {
        key.setLength(0);
        int ports = 0;
        for (String address : addresses) {
            ports += Before.appendHost(key, address);
        }
        return ports + key.length();
    }

    @Benchmark
    public int after() {
        key.setLength(0);
        int ports = 0;
        for (String address : addresses) {
            ports += After.appendHost(key, address);
        }
        return ports + key.length();
    }
}
