package com.acme.kvstore;

import com.acme.kvstore.compaction.Compactor;
import com.acme.kvstore.sstable.BlockCache;
import com.acme.kvstore.sstable.SSTableReader;
import com.acme.kvstore.sstable.SSTableWriter;
import com.acme.kvstore.wal.WriteAheadLog;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The store: a memtable in front of leveled tables, with a write-ahead log for durability. Thread-safe. */
public final class KvStore implements AutoCloseable {

    public static final List<String> OPERATIONS = List.of("get", "put", "delete", "flush", "checkpoint");
    public static final int MAX_KEY = 512;

    /** Tuning knobs, read once at open. */
    public static final class Options {
        public long memtableBytes = 4L << 20;
        public long blockCacheBytes = 64L << 20;
        public boolean syncWrites;
        public int backgroundThreads = 2;
    }

    /** Turns typed values into bytes for {@link #putValue}. */
    @FunctionalInterface
    public interface ValueCodec {
        ValueCodec UNSUPPORTED = v -> null;

        byte[] encode(Object value);

        static ValueCodec forType(Class<?> type) {
            if (type == String.class) {
                return v -> ((String) v).getBytes(StandardCharsets.UTF_8);
            }
            if (type == Long.class) {
                return v -> ByteBuffer.allocate(8).putLong((Long) v).array();
            }
            if (type == Integer.class) {
                return v -> ByteBuffer.allocate(4).putInt((Integer) v).array();
            }
            if (type == byte[].class) {
                return v -> ((byte[]) v).clone();
            }
            return UNSUPPORTED;
        }
    }

    private static final Map<Class<?>, ValueCodec> CODECS = new ConcurrentHashMap<>();
    private static final Map<Class<?>, String> TYPE_NAMES = new ConcurrentHashMap<>();

    private final Path dir;
    private final String name;
    private final Options options;
    private final Manifest manifest;
    private final BlockCache cache;
    private final ExecutorService background;
    private final Compactor compactor;
    private final Map<String, SSTableReader> tables = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();
    private final Set<InternalKey> pendingDeletes = ConcurrentHashMap.newKeySet();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong memtableBytes = new AtomicLong();
    private volatile ConcurrentSkipListMap<InternalKey, byte[]> memtable = new ConcurrentSkipListMap<>();
    private volatile ConcurrentSkipListMap<InternalKey, byte[]> immutable;
    private WriteAheadLog wal;
    private volatile boolean closed;

    private KvStore(Path dir, Manifest manifest, Options options) {
        this.dir = dir;
        this.name = dir.getFileName().toString();
        this.options = options;
        this.manifest = manifest;
        this.cache = new BlockCache(options.blockCacheBytes);
        this.background = Executors.newFixedThreadPool(options.backgroundThreads, r -> {
            Thread t = new Thread(r, "kvstore-bg-" + name);
            t.setDaemon(true);
            return t;
        });
        this.compactor = new Compactor(dir, manifest, cache, background, meta -> table(meta));
    }

    public static KvStore open(Path dir, Options options) throws IOException {
        Files.createDirectories(dir);
        Manifest manifest = Manifest.load(dir.resolve("MANIFEST"));
        KvStore store = new KvStore(dir, manifest, options);
        List<Path> logs;
        try (Stream<Path> files = Files.list(dir)) {
            logs = files.filter(p -> p.getFileName().toString().endsWith(".log"))
                    .sorted(Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString().replace(".log", ""))))
                    .collect(Collectors.toList());
        }
        long last = manifest.lastSequence();
        for (Path log : logs) {
            long replayed = WriteAheadLog.replay(log, (seq, kind, key, value) -> {
                store.memtable.put(new InternalKey(key, seq, kind), value);
            });
            last = Math.max(last, replayed);
        }
        store.sequence.set(last);
        if (!store.memtable.isEmpty()) {
            store.flush(store.memtable, manifest.nextFileNumber());
            store.memtable = new ConcurrentSkipListMap<>();
        }
        for (Path log : logs) {
            Files.delete(log);
        }
        store.wal = WriteAheadLog.openForAppend(dir.resolve(manifest.nextFileNumber() + ".log"), options.syncWrites);
        return store;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("store " + name + " is closed");
        }
    }

    private AtomicLong counter(String op) {
        return counters.computeIfAbsent(op, k -> new AtomicLong());
    }

    public void put(String key, byte[] value) throws IOException {
        ensureOpen();
        if (!key.matches("[\\x21-\\x7e]{1,512}")) {
            throw new IllegalArgumentException(String.format("key %s must be 1 to %s printable ASCII characters", key, MAX_KEY));
        }
        write(key, InternalKey.Kind.PUT, value);
        counter("put").incrementAndGet();
    }

    public void putValue(String key, Object value) throws IOException {
        Class<?> type = value.getClass();
        ValueCodec codec = codecFor(type);
        if (codec == ValueCodec.UNSUPPORTED) {
            throw new IllegalArgumentException("no codec for values of type "
                    + TYPE_NAMES.computeIfAbsent(type, t -> t.getCanonicalName() != null ? t.getCanonicalName() : t.getName()));
        }
        put(key, codec.encode(value));
    }

    static ValueCodec codecFor(Class<?> type) {
        ValueCodec codec = CODECS.get(type);
        if (codec == null) {
            codec = ValueCodec.forType(type);
            CODECS.put(type, codec);
        }
        return codec;
    }

    public void delete(String key) throws IOException {
        ensureOpen();
        InternalKey tombstone = write(key, InternalKey.Kind.DELETE, new byte[0]);
        pendingDeletes.add(tombstone);
        counter("delete").incrementAndGet();
    }

    private InternalKey write(String key, InternalKey.Kind kind, byte[] value) throws IOException {
        InternalKey internal;
        synchronized (this) {
            long seq = sequence.incrementAndGet();
            wal.append(seq, kind, key, value);
            internal = new InternalKey(key, seq, kind);
            memtable.put(internal, value);
        }
        if (memtableBytes.addAndGet(key.length() + value.length + 32L) > options.memtableBytes) {
            scheduleFlush();
        }
        return internal;
    }

    public byte[] get(String key) throws IOException {
        ensureOpen();
        counter("get").incrementAndGet();
        InternalKey probe = InternalKey.lookup(key);
        ConcurrentSkipListMap<InternalKey, byte[]> frozen = immutable;
        for (ConcurrentSkipListMap<InternalKey, byte[]> m : frozen == null ? List.of(memtable) : List.of(memtable, frozen)) {
            Map.Entry<InternalKey, byte[]> e = m.ceilingEntry(probe);
            if (e != null && e.getKey().userKey().equals(key)) {
                return e.getKey().kind() == InternalKey.Kind.DELETE ? null : e.getValue();
            }
        }
        for (SSTableReader reader : prepareReaders(key)) {
            SSTableReader.Entry entry = reader.get(key, cache);
            if (entry != null) {
                return entry.key.kind() == InternalKey.Kind.DELETE ? null : entry.value;
            }
        }
        return null;
    }

    /** The tables that may hold {@code key}, opened through the table cache, in the order a read consults them. */
    private List<SSTableReader> prepareReaders(String key) {
        List<Manifest.FileMeta> candidates = manifest.filesFor(key);
        List<SSTableReader> readers = candidates.stream().map(this::table).collect(Collectors.toList());
        return readers;
    }

    SSTableReader table(Manifest.FileMeta meta) {
        return tables.computeIfAbsent(meta.fileName(), file -> {
            try {
                return new SSTableReader(dir.resolve(file), meta.number);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private synchronized void scheduleFlush() throws IOException {
        if (immutable != null) {
            return;
        }
        ConcurrentSkipListMap<InternalKey, byte[]> frozen = memtable;
        WriteAheadLog frozenLog = wal;
        long number = manifest.nextFileNumber();
        immutable = frozen;
        memtable = new ConcurrentSkipListMap<>();
        memtableBytes.set(0);
        long logNumber = manifest.nextFileNumber();
        wal = WriteAheadLog.openForAppend(dir.resolve(logNumber + ".log"), options.syncWrites);
        background.submit(() -> {
            int count = frozen.size();
            try {
                flush(frozen, number);
                frozenLog.close();
                Files.deleteIfExists(frozenLog.path());
                counter("flush").incrementAndGet();
            } catch (IOException e) {
                String detail = e.getMessage();
                failures.add(String.format("flush of %s entries into table %s failed: %s", count, number, detail));
            } finally {
                synchronized (KvStore.this) {
                    immutable = null;
                }
            }
            compactor.maybeSchedule();
        });
    }

    private void flush(ConcurrentSkipListMap<InternalKey, byte[]> frozen, long number) throws IOException {
        Path tmp = dir.resolve(number + ".sst.tmp");
        long maxSequence = 0;
        Manifest.FileMeta meta;
        try (SSTableWriter writer = new SSTableWriter(tmp)) {
            String previous = null;
            for (Map.Entry<InternalKey, byte[]> e : frozen.entrySet()) {
                InternalKey k = e.getKey();
                maxSequence = Math.max(maxSequence, k.sequence());
                if (k.userKey().equals(previous)) {
                    continue;
                }
                writer.add(k, e.getValue());
                previous = k.userKey();
            }
            meta = writer.finish(number, 0);
        }
        Files.move(tmp, dir.resolve(meta.fileName()), StandardCopyOption.ATOMIC_MOVE);
        manifest.logEdit(0, List.of(meta), List.of(), maxSequence);
        long flushed = maxSequence;
        pendingDeletes.removeIf(k -> k.sequence() <= flushed);
    }

    /** Bytes per live table, for the stats page. */
    public Map<String, Long> tableSizes() {
        List<Manifest.FileMeta> files = manifest.allFiles();
        Map<String, Long> sizes = new HashMap<>(files.size());
        for (Manifest.FileMeta f : files) {
            sizes.put(f.fileName(), f.size);
        }
        return sizes;
    }

    /**
     * Copies every live table into {@code target}. Called by the backup scheduler every few minutes and by the
     * {@code /checkpoint} endpoint.
     */
    public int checkpoint(Path target) throws IOException {
        Files.createDirectories(target);
        List<Manifest.FileMeta> files = manifest.allFiles();
        int copied = 0;
        for (Manifest.FileMeta f : files) {
            copyTable(dir.resolve(f.fileName()), target.resolve(f.fileName()));
            copied++;
        }
        counter("checkpoint").incrementAndGet();
        return copied;
    }

    private static void copyTable(Path source, Path target) throws IOException {
        try (InputStream in = new FileInputStream(source.toFile());
             OutputStream out = new FileOutputStream(target.toFile())) {
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
    }

    public String name() {
        return name;
    }

    public Path dir() {
        return dir;
    }

    public synchronized Path currentLog() {
        return wal.path();
    }

    public Manifest manifest() {
        return manifest;
    }

    public BlockCache cache() {
        return cache;
    }

    public Compactor compactor() {
        return compactor;
    }

    public Map<String, AtomicLong> counters() {
        return counters;
    }

    public List<String> failures() {
        return new ArrayList<>(failures);
    }

    public SSTableReader openTable(Manifest.FileMeta meta) {
        return table(meta);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        background.shutdown();
        try {
            background.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            wal.close();
        }
        for (SSTableReader r : tables.values()) {
            r.close();
        }
        manifest.close();
    }

    @Override
    public String toString() {
        String[] pairs = counters.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), String.valueOf(e.getValue().get())))
                .toArray(String[]::new);
        return "KvStore[" + name + " " + String.join(" ", pairs) + "]";
    }
}
