package dev.rewriteperf.benchmarks.hotpaths.reuseenumvaluesarray;

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
 * {@code dev.rewriteperf.hotpaths.ReuseEnumValuesArray}: the recipe's test input ({@link Before}) against its
 * output, the methods of {@code size} request lines in a row.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class ReuseEnumValuesArrayBenchmark {

    @Param({"1", "100"})
    int size;

    String[] names;

    @Setup
    public void setUp() {
        String[] methods = {"GET", "POST", "GET", "PUT", "GET", "DELETE", "PATCH"};
        names = new String[size];
        for (int i = 0; i < size; i++) {
            names[i] = new String(methods[i % methods.length]); // not the constants' own strings
        }
    }

    @Benchmark
    public int before() {
        int ordinals = 0;
        for (String name : names) {
            ordinals += Before.of(name).ordinal();
        }
        return ordinals;
    }

    @Benchmark
    public int after() {
        int ordinals = 0;
        for (String name : names) {
            ordinals += After.of(name).ordinal();
        }
        return ordinals;
    }
}
