package dev.rewriteperf.benchmarks.streams.tomaploop;

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

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Issue 35's third collector, measured before any recipe is written for it: {@code source.stream().collect(
 * Collectors.toMap(k, v))} against the loop a rewrite would have to write to keep the collector's duplicate-key
 * exception exactly (a map sized for the source, {@code putIfAbsent}, the JDK's message), and
 * {@code toMap(k, v, merge)} against a sized map filled by {@code merge}, the call that collector makes per element.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ToMapLoopBenchmark {

    @Param({"10", "1000"})
    int size;

    List<String> source;

    @Setup
    public void setUp() {
        source = Data.keys(size);
    }

    @Benchmark
    public Map<String, Integer> before() {
        return source.stream().collect(Collectors.toMap(key -> key, String::length));
    }

    @Benchmark
    public Map<String, Integer> after() {
        Map<String, Integer> result = HashMap.newHashMap(source.size());
        for (String key : source) {
            putUnique(result, key, key.length());
        }
        return result;
    }

    @Benchmark
    public Map<String, Integer> afterJava8() {
        Map<String, Integer> result = new HashMap<>((int) Math.ceil(source.size() / 0.75));
        for (String key : source) {
            putUnique(result, key, key.length());
        }
        return result;
    }

    /** What {@code Collectors.toMap(k, v)} does per element since Java 9, written out. */
    private static void putUnique(Map<String, Integer> map, String key, Integer value) {
        Integer checked = Objects.requireNonNull(value);
        Integer previous = map.putIfAbsent(key, checked);
        if (previous != null) {
            throw new IllegalStateException(String.format("Duplicate key %s (attempted merging values %s and %s)",
                    key, previous, checked));
        }
    }

    @Benchmark
    public Map<String, Integer> mergedBefore() {
        return source.stream().collect(Collectors.toMap(key -> key, String::length, (a, b) -> a));
    }

    @Benchmark
    public Map<String, Integer> mergedAfter() {
        Map<String, Integer> result = HashMap.newHashMap(source.size());
        for (String key : source) {
            result.merge(key, key.length(), (a, b) -> a);
        }
        return result;
    }
}
