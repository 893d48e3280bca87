package dev.rewriteperf.benchmarks.hotpaths.precompileconstantregex;

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
 * {@code dev.rewriteperf.hotpaths.PrecompileConstantRegex}: the recipe's test input ({@link Before}) against its
 * output, the slugs of {@code size} titles in a row; and the columns of {@code size} properties, a plain-text
 * {@code replaceAll} against the two forms the recipe writes for it: {@code replace} on Java 9+ ({@link After}), a
 * precompiled pattern on Java 8 ({@link AfterJava8}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class PrecompileConstantRegexBenchmark {

    @Param({"1", "100"})
    int size;

    String[] titles;
    String[] properties;

    @Setup
    public void setUp() {
        titles = new String[size];
        for (int i = 0; i < size; i++) {
            titles[i] = "Trail Running Shoe, Size " + (36 + i % 12) + " (Blue/Grey)";
        }
        properties = new String[size];
        for (int i = 0; i < size; i++) {
            properties[i] = "outsole-drop-" + (4 + i % 8) + "-mm";
        }
    }

    @Benchmark
    public int before() {
        int length = 0;
        for (String title : titles) {
            length += Before.slug(title).length();
        }
        return length;
    }

    @Benchmark
    public int after() {
        int length = 0;
        for (String title : titles) {
            length += After.slug(title).length();
        }
        return length;
    }

    @Benchmark
    public int columnBefore() {
        int length = 0;
        for (String property : properties) {
            length += Before.column(property).length();
        }
        return length;
    }

    @Benchmark
    public int columnAfter() {
        int length = 0;
        for (String property : properties) {
            length += After.column(property).length();
        }
        return length;
    }

    @Benchmark
    public int columnAfterJava8() {
        int length = 0;
        for (String property : properties) {
            length += AfterJava8.column(property).length();
        }
        return length;
    }
}
