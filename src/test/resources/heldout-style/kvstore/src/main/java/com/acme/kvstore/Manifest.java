package com.acme.kvstore;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The list of live tables per level, rebuilt at open from the append-only MANIFEST file and appended to on every
 * flush and compaction.
 *
 * <pre>
 * add &lt;level&gt; &lt;file&gt; &lt;bytes&gt; &lt;smallest&gt; &lt;largest&gt;
 * del &lt;level&gt; &lt;file&gt;
 * seq=&lt;last sequence&gt;
 * next-file=&lt;next file number&gt;
 * </pre>
 */
public final class Manifest implements AutoCloseable {

    public static final int LEVELS = 7;

    /** One immutable table. */
    public static final class FileMeta {
        public final long number;
        public final int level;
        public final long size;
        public final String smallest;
        public final String largest;

        public FileMeta(long number, int level, long size, String smallest, String largest) {
            this.number = number;
            this.level = level;
            this.size = size;
            this.smallest = smallest;
            this.largest = largest;
        }

        public String fileName() {
            return String.format("%s.sst", number);
        }

        public boolean mayContain(String key) {
            return smallest.compareTo(key) <= 0 && largest.compareTo(key) >= 0;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FileMeta && ((FileMeta) o).number == number && ((FileMeta) o).level == level;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(number) * 31 + level;
        }

        @Override
        public String toString() {
            return "L" + level + "/" + number + " [" + smallest + ".." + largest + "] " + size + "B";
        }
    }

    private final Path path;
    private final List<List<FileMeta>> levels = new ArrayList<>();
    private long lastSequence;
    private long nextFileNumber = 1;
    private Writer log;

    private Manifest(Path path) {
        this.path = path;
        for (int i = 0; i < LEVELS; i++) {
            levels.add(new ArrayList<>());
        }
    }

    /** Rebuilds the live set from the MANIFEST file. Called by {@link KvStore#open} only. */
    public static Manifest load(Path path) throws IOException {
        Manifest m = new Manifest(path);
        if (Files.exists(path)) {
            int lineNo = 0;
            for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
                lineNo++;
                if (line.isEmpty() || line.charAt(0) == '#') {
                    continue;
                }
                int eq = line.indexOf('=');
                if (eq > 0) {
                    long value = Long.parseLong(line.substring(eq + 1, line.length()));
                    switch (line.substring(0, eq)) {
                        case "seq":
                            m.lastSequence = value;
                            break;
                        case "next-file":
                            m.nextFileNumber = value;
                            break;
                        default:
                            throw new IOException(path + ":" + lineNo + ": unknown setting " + line);
                    }
                    continue;
                }
                String[] parts = line.split("\\s+");
                switch (parts[0]) {
                    case "add":
                        m.levels.get(Integer.parseInt(parts[1])).add(new FileMeta(Long.parseLong(parts[2]),
                                Integer.parseInt(parts[1]), Long.parseLong(parts[3]), parts[4], parts[5]));
                        break;
                    case "del":
                        long number = Long.parseLong(parts[2]);
                        m.levels.get(Integer.parseInt(parts[1])).removeIf(f -> f.number == number);
                        break;
                    default:
                        throw new IOException(path + ":" + lineNo + ": unknown record " + parts[0]);
                }
            }
        }
        m.log = Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        return m;
    }

    public synchronized long nextFileNumber() {
        return nextFileNumber++;
    }

    public synchronized long lastSequence() {
        return lastSequence;
    }

    /** Tables of one level, newest first for level 0. */
    public synchronized List<FileMeta> files(int level) {
        return new ArrayList<>(levels.get(level));
    }

    public synchronized List<FileMeta> allFiles() {
        List<FileMeta> all = new ArrayList<>();
        levels.forEach(all::addAll);
        return all;
    }

    /** Tables that may hold {@code key}, in the order a read must consult them. Called on every get. */
    public synchronized List<FileMeta> filesFor(String key) {
        List<FileMeta> candidates = new ArrayList<>();
        List<FileMeta> level0 = levels.get(0);
        for (int i = level0.size() - 1; i >= 0; i--) {
            if (level0.get(i).mayContain(key)) {
                candidates.add(level0.get(i));
            }
        }
        for (int level = 1; level < LEVELS; level++) {
            for (FileMeta f : levels.get(level)) {
                if (f.mayContain(key)) {
                    candidates.add(f);
                    break;
                }
            }
        }
        return candidates;
    }

    /** Numbers of every live table: the compactor deletes any other {@code .sst} in the directory after a run. */
    public Set<Long> liveFileNumbers() {
        List<FileMeta> all = allFiles();
        Set<Long> live = all.stream().map(f -> f.number).collect(Collectors.toSet());
        return live;
    }

    /** Records one flush or compaction. Called from the background executor after each output table is synced. */
    public synchronized void logEdit(int level, List<FileMeta> added, List<FileMeta> removed, long sequence)
            throws IOException {
        for (FileMeta f : added) {
            log.write(String.format("add %s %s %s %s %s%n", level, f.number, f.size, f.smallest, f.largest));
            levels.get(level).add(f);
        }
        for (FileMeta f : removed) {
            log.write("del " + f.level + " " + f.number + System.lineSeparator());
            levels.get(f.level).remove(f);
        }
        log.write("seq=" + sequence + System.lineSeparator());
        log.write("next-file=" + nextFileNumber + System.lineSeparator());
        log.flush();
        lastSequence = Math.max(lastSequence, sequence);
    }

    @Override
    public synchronized void close() throws IOException {
        if (log != null) {
            log.close();
        }
    }

    public List<List<FileMeta>> snapshot() {
        synchronized (this) {
            List<List<FileMeta>> copy = new ArrayList<>();
            for (List<FileMeta> level : levels) {
                copy.add(Collections.unmodifiableList(new ArrayList<>(level)));
            }
            return copy;
        }
    }

    @Override
    public String toString() {
        List<FileMeta> all = allFiles();
        String[] names = all.stream().map(f -> f.fileName()).toArray(String[]::new);
        return "Manifest[" + path.getFileName() + ", seq=" + lastSequence + ", files=" + String.join(",", names) + "]";
    }
}
