package dev.rewriteperf.benchmarks.hotpaths.shareunconfiguredobjectmapper;

import com.fasterxml.jackson.core.JsonProcessingException;
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

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.hotpaths.ShareUnconfiguredObjectMapper}: the recipe's test input ({@link Before}) against
 * its output, {@code size} events written in a row.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class ShareUnconfiguredObjectMapperBenchmark {

    @Param({"1", "100"})
    int size;

    Map<String, Object>[] events;

    @Setup
    @SuppressWarnings("unchecked")
    public void setUp() {
        events = new Map[size];
        for (int i = 0; i < size; i++) {
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("user", "user-" + i);
            event.put("action", "checkout");
            event.put("amountCents", 1_999 + i);
            events[i] = event;
        }
    }

    @Benchmark
    public int before() throws JsonProcessingException {
        int length = 0;
        for (Map<String, Object> event : events) {
            length += Before.toJson(event).length();
        }
        return length;
    }

    @Benchmark
    public int after() throws JsonProcessingException {
        int length = 0;
        for (Map<String, Object> event : events) {
            length += After.toJson(event).length();
        }
        return length;
    }
}
