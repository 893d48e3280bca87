package dev.rewriteperf.benchmarks.streams.sizepreserving;

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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The third shape, measured before any recipe is written for it: a size-preserving
 * {@code source.stream().map(f)} ending in {@code toArray(T[]::new)}, {@code collect(Collectors.toList())} or
 * {@code toList()}, against the loop a rewrite would write (an unmodifiable list for {@code toList()}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SizePreservingPipelineBenchmark {

    @Param({"1", "10", "50", "1000"})
    int size;

    List<String> source;

    @Setup
    public void setUp() {
        source = Data.keys(size);
    }

    @Benchmark
    public CharSequence[] toArrayBefore() {
        return source.stream().map(String::trim).toArray(CharSequence[]::new);
    }

    @Benchmark
    public CharSequence[] toArrayAfter() {
        CharSequence[] result = new CharSequence[source.size()];
        int i = 0;
        for (String s : source) {
            result[i++] = s.trim();
        }
        return result;
    }

    @Benchmark
    public List<String> collectBefore() {
        return source.stream().map(String::trim).collect(Collectors.toList());
    }

    @Benchmark
    public List<String> collectAfter() {
        List<String> result = new ArrayList<>(source.size());
        for (String s : source) {
            result.add(s.trim());
        }
        return result;
    }

    @Benchmark
    public List<String> toListBefore() {
        return source.stream().map(String::trim).toList();
    }

    @Benchmark
    public List<String> toListAfter() {
        List<String> result = new ArrayList<>(source.size());
        for (String s : source) {
            result.add(s.trim());
        }
        return Collections.unmodifiableList(result);
    }
}
