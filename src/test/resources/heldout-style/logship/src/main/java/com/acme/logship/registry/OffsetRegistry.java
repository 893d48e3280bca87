package com.acme.logship.registry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Remembers, per file, the offset of the first byte not yet acknowledged by the server.
 * Persisted after every acknowledged batch so that a restart resumes without loss.
 * File format: one {@code path<TAB>offset} line per file.
 */
public class OffsetRegistry {

    private final Path file;
    private final String fileName;
    private final Map<String, Long> offsets;
    private long commits;

    private OffsetRegistry(Path file, Map<String, Long> offsets) {
        this.file = file;
        this.fileName = file.toString();
        this.offsets = offsets;
    }

    /** Read once, when the agent starts. */
    public static OffsetRegistry load(Path file) throws IOException {
        if (!Files.exists(file)) {
            return new OffsetRegistry(file, new HashMap<String, Long>());
        }
        return new OffsetRegistry(file, readOffsets(Files.readAllLines(file, StandardCharsets.UTF_8)));
    }

    private static Map<String, Long> readOffsets(List<String> lines) {
        Map<String, Long> offsets = new HashMap<>(lines.size());
        for (String line : lines) {
            String[] kv = line.split("\t");
            offsets.put(kv[0], Long.valueOf(kv[1]));
        }
        return offsets;
    }

    public synchronized long offsetOf(String path) {
        Long stored = offsets.get(path);
        return stored == null ? 0L : stored;
    }

    /** Called by the shipper with the highest acknowledged offset per file, once per batch. */
    public synchronized void commit(Map<String, Long> acked) {
        for (Map.Entry<String, Long> ack : acked.entrySet()) {
            String path = ack.getKey();
            long pos = ack.getValue();
            Long previous = offsets.get(path);
            if (previous == null || previous < pos) {
                offsets.put(path, pos);
            }
        }
        commits++;
        persist();
    }

    private void persist() {
        StringBuilder sb = new StringBuilder(offsets.size() * 64);
        for (String path : offsets.keySet()) {
            long pos = offsets.get(path);
            sb.append(String.format("%s\t%s%n", path, pos));
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(tmp, sb.toString().getBytes(StandardCharsets.UTF_8));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            String reason = e.getMessage();
            System.err.println(String.format("logship: could not persist offsets to %s (%s), will retry on next batch", fileName, reason));
        }
    }

    /** Drops files that no input matches any more; called on every poll cycle. */
    public synchronized int prune(Collection<String> live) {
        Set<String> stale = new HashSet<>();
        stale.addAll(offsets.keySet());
        stale.removeAll(live);
        for (String path : stale) {
            offsets.remove(path);
        }
        return stale.size();
    }

    public synchronized long commits() {
        return commits;
    }

    @Override
    public String toString() {
        return "OffsetRegistry[" + fileName + ", " + offsets.size() + " files, " + commits + " commits]";
    }
}
