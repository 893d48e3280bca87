package dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops;

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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * {@code dev.rewriteperf.buffers.UseTransferToForCopyLoops}: hand-written copy loops ({@link Before}) against
 * {@code transferTo} ({@link After}), from a file to a file and from a byte array; and out of a gzip stream
 * ({@link Refused}), which the recipe leaves alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(3)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class UseTransferToForCopyLoopsBenchmark {

    @Param({"16384", "1048576"})
    int size;

    byte[] data;
    byte[] compressed;
    Path dir;
    Path source;
    Path target;

    @Setup
    public void setUp() throws IOException {
        data = Data.exportText(size);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(data);
        }
        compressed = gz.toByteArray();
        dir = Files.createTempDirectory("copyloop");
        source = Files.write(dir.resolve("source"), data);
        target = dir.resolve("target");
    }

    @TearDown
    public void tearDown() throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    public long fileBefore() throws IOException {
        return Before.copyFile(source, target);
    }

    @Benchmark
    public long fileAfter() throws IOException {
        return After.copyFile(source, target);
    }

    @Benchmark
    public byte[] bytesBefore() throws IOException {
        return Before.copyBytes(data);
    }

    @Benchmark
    public byte[] bytesAfter() throws IOException {
        return After.copyBytes(data);
    }

    /** Left alone by the recipe: a gzip stream's {@code transferTo} is the JDK's generic loop. */
    @Benchmark
    public byte[] gunzipBefore() throws IOException {
        return Refused.gunzipLoop(compressed, size);
    }

    @Benchmark
    public byte[] gunzipAfterIfRewritten() throws IOException {
        return Refused.gunzipTransferTo(compressed, size);
    }
}
