package dev.rewriteperf.benchmarks.buffers.readrocksdbvaluesintoreusedbuffer;

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
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code dev.rewriteperf.buffers.ReadRocksDbValuesIntoReusedBuffer}: point reads from a real RocksDB (values
 * flushed to a table file, served from the block cache), allocating ({@link Before}) against the recipe's output
 * with the buffer per thread ({@link After}) and per instance ({@link AfterInstance}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReadRocksDbValuesIntoReusedBufferBenchmark {

    private static final int KEYS = 1024;

    @Param({"100", "4096"})
    int valueSize;

    Path dir;
    DBOptions options;
    RocksDB db;
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    byte[][] keys;
    int next;
    Before before;
    After after;
    AfterInstance afterInstance;

    @Setup
    public void setUp() throws IOException, RocksDBException {
        RocksDB.loadLibrary();
        dir = Files.createTempDirectory("rocksdb-benchmark");
        options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        db = RocksDB.open(options, dir.toString(), Arrays.asList(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                new ColumnFamilyDescriptor("values".getBytes(StandardCharsets.UTF_8))), handles);
        ColumnFamilyHandle values = handles.get(1);
        Random random = new Random(42);
        keys = new byte[KEYS][];
        for (int i = 0; i < KEYS; i++) {
            keys[i] = ByteBuffer.allocate(8).putLong(i * 0x9E3779B97F4A7C15L).array();
            byte[] value = new byte[valueSize];
            random.nextBytes(value);
            db.put(values, keys[i], value);
        }
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            db.flush(flush, values);
        }
        before = new Before(db, values);
        after = new After(db, values);
        afterInstance = new AfterInstance(db, values);
    }

    @TearDown
    public void tearDown() throws IOException {
        handles.forEach(ColumnFamilyHandle::close);
        db.close();
        options.close();
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private byte[] nextKey() {
        return keys[next++ & (KEYS - 1)];
    }

    @Benchmark
    public long before() throws RocksDBException {
        return before.counter(nextKey());
    }

    @Benchmark
    public long after() throws RocksDBException {
        return after.counter(nextKey());
    }

    @Benchmark
    public long afterInstance() throws RocksDBException {
        return afterInstance.counter(nextKey());
    }
}
