package dev.rewriteperf.benchmarks.streams.presizeflatmaptoarray;

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
import java.util.concurrent.TimeUnit;

import static dev.rewriteperf.benchmarks.streams.presizeflatmaptoarray.GlideString.gs;

/**
 * {@code dev.rewriteperf.streams.PreSizeFlatMapToArray} on the six flatMap methods of valkey-glide's
 * ArrayTransformUtils (the write-up's JMH measured them at 50 entries), with maps of 1, 50 and 1000 entries.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class PreSizeFlatMapToArrayBenchmark {

    @Param({"1", "50", "1000"})
    int size;

    Map<String, String> strings;
    Map<GlideString, GlideString> glideStrings;
    Map<String, Double> scores;
    Map<GlideString, Double> binaryScores;

    @Setup
    public void setUp() {
        List<String> keys = Data.keys(size);
        strings = new HashMap<>();
        glideStrings = new HashMap<>();
        scores = new HashMap<>();
        binaryScores = new HashMap<>();
        for (int i = 0; i < size; i++) {
            String key = keys.get(i);
            strings.put(key, "value-" + i);
            glideStrings.put(gs(key), gs("value-" + i));
            scores.put(key, i * 1.5);
            binaryScores.put(gs(key), i * 1.5);
        }
    }

    @Benchmark
    public String[] keyValueStringBefore() {
        return Before.convertMapToKeyValueStringArray(strings);
    }

    @Benchmark
    public String[] keyValueStringAfter() {
        return After.convertMapToKeyValueStringArray(strings);
    }

    @Benchmark
    public GlideString[] keyValueGlideStringBefore() {
        return Before.convertMapToKeyValueGlideStringArray(glideStrings);
    }

    @Benchmark
    public GlideString[] keyValueGlideStringAfter() {
        return After.convertMapToKeyValueGlideStringArray(glideStrings);
    }

    @Benchmark
    public String[] valueKeyStringBefore() {
        return Before.convertMapToValueKeyStringArray(scores);
    }

    @Benchmark
    public String[] valueKeyStringAfter() {
        return After.convertMapToValueKeyStringArray(scores);
    }

    @Benchmark
    public GlideString[] valueKeyBinaryBefore() {
        return Before.convertMapToValueKeyStringArrayBinary(binaryScores);
    }

    @Benchmark
    public GlideString[] valueKeyBinaryAfter() {
        return After.convertMapToValueKeyStringArrayBinary(binaryScores);
    }

    @Benchmark
    public GlideString[] flattenBefore() {
        return Before.flattenMapToGlideStringArray(strings);
    }

    @Benchmark
    public GlideString[] flattenAfter() {
        return After.flattenMapToGlideStringArray(strings);
    }

    @Benchmark
    public GlideString[] flattenValueFirstBefore() {
        return Before.flattenMapToGlideStringArrayValueFirst(glideStrings);
    }

    @Benchmark
    public GlideString[] flattenValueFirstAfter() {
        return After.flattenMapToGlideStringArrayValueFirst(glideStrings);
    }
}
