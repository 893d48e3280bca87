package com.acme.tsdb.storage;

import com.acme.tsdb.index.SeriesIndex;
import com.acme.tsdb.logging.Log;
import com.acme.tsdb.storage.BlockReader.Sample;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Merges the block files of one level into a single file of the next level. The scheduler calls
 * {@link #compact} for every group of files that crosses a level's threshold, all day long while data comes in;
 * the work is proportional to the samples in the inputs.
 */
public final class Compactor {

    private static final Log log = Log.get(Compactor.class);
    private static final List<Integer> LEVELS = List.of(0, 1, 2, 3);
    static final Set<String> LEVEL_DIRS = LEVELS.stream().map(level -> "L" + level).collect(Collectors.toSet());

    private final Path dataDir;
    private final SeriesIndex index;
    private final int maxPointsPerBlock;

    public Compactor(Path dataDir, SeriesIndex index, int maxPointsPerBlock) {
        this.dataDir = dataDir;
        this.index = index;
        this.maxPointsPerBlock = maxPointsPerBlock;
    }

    /** Merges {@code inputs}, oldest first, into one file of {@code targetLevel}; returns the new file. */
    public Path compact(List<Path> inputs, int targetLevel) throws IOException {
        if (!LEVEL_DIRS.contains("L" + targetLevel)) {
            throw new IllegalArgumentException("no level " + targetLevel);
        }
        if (inputs.size() == 1) {
            return promote(inputs.get(0), targetLevel);
        }
        List<String> names = inputs.stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
        log.info("compacting " + names + " into L" + targetLevel);

        Map<Long, List<Sample>> bySeries = new TreeMap<>();
        for (Path input : inputs) {
            for (Sample s : BlockReader.open(input).scan(Long.MIN_VALUE, Long.MAX_VALUE)) {
                bySeries.computeIfAbsent(s.seriesId(), id -> new ArrayList<>()).add(s);
            }
        }
        Path target = dataDir.resolve("L" + targetLevel).resolve("c-" + System.nanoTime() + ".tsb");
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (BlockWriter writer = new BlockWriter(tmp, index, maxPointsPerBlock)) {
            for (List<Sample> samples : bySeries.values()) {
                for (Sample s : merge(samples)) {
                    writer.appendRaw(s.seriesId(), s.timestamp(), s.fields());
                }
            }
        } catch (IOException | RuntimeException e) {
            String first = inputs.get(0).getFileName().toString();
            int others = inputs.size() - 1;
            log.warn(String.format("compaction of %s and %s other files failed, inputs kept", first, others), e);
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        for (Path input : inputs) {
            BlockReader.evict(input);
            Files.delete(input);
        }
        return target;
    }

    /** One series' samples from all inputs, one per timestamp (the newest file wins), in time order. */
    static List<Sample> merge(List<Sample> samples) {
        Map<Long, Sample> byTime = new HashMap<>(samples.size());
        for (Sample s : samples) {
            byTime.put(s.timestamp(), s);
        }
        Long[] times = byTime.keySet().toArray(new Long[0]);
        Arrays.sort(times);
        List<Sample> merged = new ArrayList<>();
        for (Long t : times) {
            merged.add(byTime.get(t));
        }
        return merged;
    }

    /** A lone file moves up a level as it is; levels may sit on different volumes, so it is copied. */
    private Path promote(Path source, int targetLevel) throws IOException {
        Path target = dataDir.resolve("L" + targetLevel).resolve(source.getFileName());
        try (InputStream in = Files.newInputStream(source);
             OutputStream out = Files.newOutputStream(target)) {
            byte[] buf = new byte[64 * 1024];
            int n;
            while ((n = in.read(buf)) != -1) {
                out.write(buf, 0, n);
            }
        }
        BlockReader.evict(source);
        Files.delete(source);
        return target;
    }
}
