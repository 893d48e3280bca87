package dev.rewriteperf.benchmarks.streams.presizekeysthenvaluesarray;

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

/** {@code dev.rewriteperf.streams.PreSizeKeysThenValuesArray} on maps of 1, 50 and 1000 entries. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class PreSizeKeysThenValuesArrayBenchmark {

    @Param({"1", "50", "1000"})
    int size;

    Map<String, String> map;

    @Setup
    public void setUp() {
        List<String> keys = Data.keys(size);
        map = new HashMap<>();
        for (int i = 0; i < size; i++) {
            map.put(keys.get(i), "value-" + i);
        }
    }

    @Benchmark
    public String[] before() {
        return Before.keysThenValues(map);
    }

    @Benchmark
    public String[] after() {
        return After.keysThenValues(map);
    }
}
