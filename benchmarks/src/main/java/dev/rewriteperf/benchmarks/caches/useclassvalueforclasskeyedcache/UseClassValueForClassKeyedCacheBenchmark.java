package dev.rewriteperf.benchmarks.caches.useclassvalueforclasskeyedcache;

import dev.rewriteperf.benchmarks.Data;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * {@code dev.rewriteperf.caches.UseClassValueForClassKeyedCache}: lookups in a warm cache of {@code classes}
 * distinct classes, in a shuffled order, {@value #LOOKUPS} per invocation; scores are per lookup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class UseClassValueForClassKeyedCacheBenchmark {

    static final int LOOKUPS = 1024;

    @Param({"1", "16", "1000"})
    int classes;

    Class<?>[] lookups;

    @Setup
    public void setUp() {
        List<Class<?>> distinct = Data.classes(classes);
        Random random = new Random(42);
        lookups = new Class<?>[LOOKUPS];
        for (int i = 0; i < LOOKUPS; i++) {
            lookups[i] = distinct.get(i < classes ? i : random.nextInt(classes));
        }
        for (int i = LOOKUPS - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Class<?> swap = lookups[i];
            lookups[i] = lookups[j];
            lookups[j] = swap;
        }
        for (Class<?> type : distinct) {
            Before.shape(type);
            After.shape(type);
        }
    }

    @Benchmark
    @OperationsPerInvocation(LOOKUPS)
    public void before(Blackhole blackhole) {
        for (Class<?> type : lookups) {
            blackhole.consume(Before.shape(type));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LOOKUPS)
    public void after(Blackhole blackhole) {
        for (Class<?> type : lookups) {
            blackhole.consume(After.shape(type));
        }
    }
}
