package dev.rewriteperf.benchmarks.hotpaths.replacestringformatwithconcatenation;

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
 * {@code dev.rewriteperf.hotpaths.ReplaceStringFormatWithConcatenation}: the recipe's test input ({@link Before})
 * against its output, the paths of {@code size} files in a row; and a row of {@code size} keys appended to a builder,
 * as the recipe writes it (one append per piece) and as it wrote it before (a concatenation appended).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class ReplaceStringFormatWithConcatenationBenchmark {

    @Param({"1", "100"})
    int size;

    String[] partitions;
    long[] fileIds;

    @Setup
    public void setUp() {
        partitions = new String[size];
        fileIds = new long[size];
        for (int i = 0; i < size; i++) {
            partitions[i] = "date=2026-11-" + (10 + i % 20);
            fileIds[i] = 7_000_000_000L + i * 7919L;
        }
    }

    @Benchmark
    public int before() {
        int length = 0;
        for (int i = 0; i < size; i++) {
            length += Before.filePath(partitions[i], fileIds[i]).length();
        }
        return length;
    }

    @Benchmark
    public String appendedBefore() {
        return Before.keyRow(partitions);
    }

    @Benchmark
    public String appendedAfter() {
        return After.keyRow(partitions);
    }

    /** What the recipe wrote before it knew the builder: the concatenation, built only to be copied. */
    @Benchmark
    public String appendedAfterConcatenation() {
        StringBuilder row = new StringBuilder();
        for (String key : partitions) {
            row.append(key + ";");
        }
        return row.toString();
    }

    @Benchmark
    public int after() {
        int length = 0;
        for (int i = 0; i < size; i++) {
            length += After.filePath(partitions[i], fileIds[i]).length();
        }
        return length;
    }
}
