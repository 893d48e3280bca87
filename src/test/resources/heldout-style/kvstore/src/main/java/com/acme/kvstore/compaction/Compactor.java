package com.acme.kvstore.compaction;

import com.acme.kvstore.InternalKey;
import com.acme.kvstore.Manifest;
import com.acme.kvstore.Manifest.FileMeta;
import com.acme.kvstore.sstable.BlockCache;
import com.acme.kvstore.sstable.SSTableReader;
import com.acme.kvstore.sstable.SSTableWriter;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * Leveled compaction: when a level grows past its budget, merges it into the next level on the background executor.
 * {@link #maybeSchedule()} is called after every memtable flush and after every compaction.
 */
public final class Compactor {

    private static final List<Integer> LEVEL_NUMBERS = List.of(0, 1, 2, 3, 4, 5, 6);
    private static final List<String> LEVEL_LABELS;

    static {
        List<String> labels = LEVEL_NUMBERS.stream().map(level -> "L" + level).collect(Collectors.toList());
        LEVEL_LABELS = Collections.unmodifiableList(labels);
    }

    private static final int LEVEL0_TRIGGER = 4;
    private static final long LEVEL1_BYTES = 10L << 20;
    private static final long OUTPUT_BYTES = 2L << 20;

    /** Opens a table through the store's table cache. */
    @FunctionalInterface
    public interface TableOpener {
        SSTableReader open(FileMeta meta) throws IOException;
    }

    private static final class Version {
        final long sequence;
        final InternalKey.Kind kind;
        final byte[] value;

        Version(long sequence, InternalKey.Kind kind, byte[] value) {
            this.sequence = sequence;
            this.kind = kind;
            this.value = value;
        }
    }

    private final Path dir;
    private final Manifest manifest;
    private final BlockCache cache;
    private final ExecutorService executor;
    private final TableOpener opener;
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile String lastRun = "none";
    private volatile String lastError = "none";

    public Compactor(Path dir, Manifest manifest, BlockCache cache, ExecutorService executor, TableOpener opener) {
        this.dir = dir;
        this.manifest = manifest;
        this.cache = cache;
        this.executor = executor;
        this.opener = opener;
    }

    public Future<?> maybeSchedule() {
        int level = pickLevel();
        if (level < 0 || !running.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(null);
        }
        return executor.submit(() -> {
            Thread.currentThread().setName("compact-" + LEVEL_LABELS.get(level));
            try {
                compact(level);
                collectGarbage();
            } catch (IOException e) {
                lastError = e.toString();
            } finally {
                running.set(false);
            }
            maybeSchedule();
        });
    }

    private int pickLevel() {
        List<List<FileMeta>> levels = manifest.snapshot();
        if (levels.get(0).size() >= LEVEL0_TRIGGER) {
            return 0;
        }
        long budget = LEVEL1_BYTES;
        for (int level = 1; level < Manifest.LEVELS - 1; level++) {
            long bytes = 0;
            for (FileMeta f : levels.get(level)) {
                bytes += f.size;
            }
            if (bytes > budget) {
                return level;
            }
            budget *= 10;
        }
        return -1;
    }

    void compact(int level) throws IOException {
        int target = level + 1;
        boolean bottom = target == Manifest.LEVELS - 1;
        List<FileMeta> inputs = manifest.files(level);
        for (FileMeta f : manifest.files(target)) {
            if (overlaps(f, inputs)) {
                inputs.add(f);
            }
        }
        List<String> inputNames = inputs.stream().map(f -> f.fileName()).collect(Collectors.toList());

        TreeMap<String, Version> newest = new TreeMap<>();
        long maxSequence = 0;
        for (FileMeta f : inputs) {
            SSTableReader reader = opener.open(f);
            reader.scan((key, sequence, kind, value) -> {
                Version current = newest.get(key);
                if (current == null || current.sequence < sequence) {
                    newest.put(key, new Version(sequence, kind, value));
                }
            });
        }

        List<FileMeta> outputs = new ArrayList<>();
        List<Long> outputNumbers = new ArrayList<>();
        SSTableWriter writer = null;
        long written = 0;
        try {
            for (String key : newest.keySet()) {
                Version v = newest.get(key);
                if (bottom && v.kind == InternalKey.Kind.DELETE) {
                    continue;
                }
                if (writer == null) {
                    long number = manifest.nextFileNumber();
                    String tmpName = String.format("%s.sst.tmp", number);
                    writer = new SSTableWriter(dir.resolve(tmpName));
                    outputNumbers.add(number);
                    written = 0;
                }
                writer.add(new InternalKey(key, v.sequence, v.kind), v.value);
                maxSequence = Math.max(maxSequence, v.sequence);
                written += key.length() + v.value.length;
                if (written >= OUTPUT_BYTES) {
                    outputs.add(seal(writer, outputNumbers.get(outputNumbers.size() - 1), target));
                    writer = null;
                }
            }
            if (writer != null) {
                outputs.add(seal(writer, outputNumbers.get(outputNumbers.size() - 1), target));
            }
        } catch (IOException | RuntimeException e) {
            Set<Long> orphans = new HashSet<>();
            orphans.addAll(outputNumbers);
            for (long n : orphans) {
                Files.deleteIfExists(dir.resolve(n + ".sst.tmp"));
            }
            throw e;
        }

        manifest.logEdit(target, outputs, inputs, maxSequence);
        for (FileMeta f : inputs) {
            cache.evictFile(f.number);
        }
        lastRun = String.join(",", inputNames) + " -> " + numbersOf(outputs);
    }

    private FileMeta seal(SSTableWriter writer, long number, int target) throws IOException {
        FileMeta meta;
        try {
            meta = writer.finish(number, target);
        } finally {
            writer.close();
        }
        Files.move(dir.resolve(number + ".sst.tmp"), dir.resolve(meta.fileName()), StandardCopyOption.ATOMIC_MOVE);
        return meta;
    }

    private static boolean overlaps(FileMeta f, List<FileMeta> inputs) {
        for (FileMeta in : inputs) {
            if (f.smallest.compareTo(in.largest) <= 0 && f.largest.compareTo(in.smallest) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static List<Long> numbersOf(List<FileMeta> files) {
        List<Long> numbers = new ArrayList<>();
        for (FileMeta f : files) {
            numbers.add(f.number);
        }
        return numbers;
    }

    /** Deletes table files the manifest no longer lists. Runs after every compaction. */
    void collectGarbage() throws IOException {
        Set<Long> keep = new HashSet<>();
        keep.addAll(manifest.liveFileNumbers());
        try (DirectoryStream<Path> tables = Files.newDirectoryStream(dir, "*.sst")) {
            for (Path table : tables) {
                String name = table.getFileName().toString();
                int dot = name.indexOf('.');
                long number = Long.parseLong(name.substring(0, dot));
                if (!keep.contains(number)) {
                    cache.evictFile(number);
                    Files.deleteIfExists(table);
                }
            }
        }
    }

    public String lastRun() {
        return lastRun;
    }

    public String lastError() {
        return lastError;
    }
}
