package com.acme.sitegen;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Polls the content directory and tells its listeners which files changed since the last successful build.
 *
 * <p>The modification times of the last successful build live in a small binary file, read on every tick and
 * written only after every listener returned normally: a build that fails is retried on the next tick, and a
 * restarted {@code sitegen --watch} does not rebuild what is already up to date.
 */
public final class FileWatcher implements Runnable {

    private static final byte[] MAGIC = {'S', 'G', 'W', '1'};
    private static final int MAGIC_WORD = (MAGIC[0] & 0xFF) << 24 | (MAGIC[1] & 0xFF) << 16 | (MAGIC[2] & 0xFF) << 8 | (MAGIC[3] & 0xFF);
    private static final int FORMAT_VERSION = 2;
    private static final byte[] VERSION_BYTES = new byte[4];

    static {
        VERSION_BYTES[0] = (byte) (FORMAT_VERSION >>> 24);
        VERSION_BYTES[1] = (byte) (FORMAT_VERSION >>> 16);
        VERSION_BYTES[2] = (byte) (FORMAT_VERSION >>> 8);
        VERSION_BYTES[3] = (byte) FORMAT_VERSION;
    }

    /** Called on the watcher thread, once per tick that saw changes. */
    public interface Listener {
        void onChange(List<String> changed) throws Exception;
    }

    private final Path root;
    private final Path stateFile;
    private final long intervalMillis;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean running = true;

    public FileWatcher(Path root, Path stateFile, long intervalMillis) {
        this.root = root;
        this.stateFile = stateFile;
        this.intervalMillis = intervalMillis;
    }

    public void addListener(Listener listener) {
        listeners.add(listener);
    }

    public void stop() {
        running = false;
    }

    @Override
    public void run() {
        while (running) {
            try {
                Thread.sleep(intervalMillis);
                Map<String, Long> built = readState(stateFile);
                Map<String, Long> current = snapshot();
                List<String> changed = diff(built, current);
                if (!changed.isEmpty()) {
                    for (Listener listener : listeners) {
                        listener.onChange(changed);
                    }
                    writeState(stateFile, current);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                String reason = String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
                System.err.println("watching " + root + " failed, retrying: " + reason);
            }
        }
    }

    private Map<String, Long> snapshot() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        Map<String, Long> mtimes = new HashMap<>(files.size());
        for (Path file : files) {
            mtimes.put(root.relativize(file).toString(), Files.getLastModifiedTime(file).toMillis());
        }
        return mtimes;
    }

    /** Paths added, changed or removed between two snapshots, sorted. */
    static List<String> diff(Map<String, Long> before, Map<String, Long> after) {
        TreeSet<String> changed = new TreeSet<>();
        for (String path : after.keySet()) {
            Long old = before.get(path);
            if (old == null || old.longValue() != after.get(path)) {
                changed.add(path);
            }
        }
        for (String path : before.keySet()) {
            if (!after.containsKey(path)) {
                changed.add(path);
            }
        }
        return new ArrayList<>(changed);
    }

    static Map<String, Long> readState(Path file) throws IOException {
        return Files.exists(file) ? decode(Files.readAllBytes(file)) : new HashMap<>();
    }

    static void writeState(Path file, Map<String, Long> mtimes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, encode(mtimes));
    }

    static byte[] encode(Map<String, Long> mtimes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 + mtimes.size() * 48);
        out.writeBytes(MAGIC);
        out.writeBytes(VERSION_BYTES);
        byte[] stamp = new byte[8];
        for (Map.Entry<String, Long> e : mtimes.entrySet()) {
            byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
            out.write(name.length >>> 8);
            out.write(name.length);
            out.writeBytes(name);
            putLong(stamp, 0, e.getValue());
            out.writeBytes(stamp);
        }
        return out.toByteArray();
    }

    static Map<String, Long> decode(byte[] data) throws IOException {
        if (data.length < 8 || !Arrays.equals(data, 0, 4, MAGIC, 0, 4)) {
            throw new IOException("not a watch state file (magic " + Integer.toHexString(MAGIC_WORD) + " expected)");
        }
        Map<String, Long> mtimes = new HashMap<>();
        if (!Arrays.equals(data, 4, 8, VERSION_BYTES, 0, 4)) {
            return mtimes;
        }
        int pos = 8;
        while (pos + 2 <= data.length) {
            int len = (data[pos] & 0xFF) << 8 | (data[pos + 1] & 0xFF);
            String name = new String(data, pos + 2, len, StandardCharsets.UTF_8);
            pos += 2 + len;
            mtimes.put(name, getLong(data, pos));
            pos += 8;
        }
        return mtimes;
    }

    static long getLong(byte[] b, int off) {
        return (b[off] & 0xFFL) << 56 | (b[off + 1] & 0xFFL) << 48 | (b[off + 2] & 0xFFL) << 40
                | (b[off + 3] & 0xFFL) << 32 | (b[off + 4] & 0xFFL) << 24 | (b[off + 5] & 0xFFL) << 16
                | (b[off + 6] & 0xFFL) << 8 | (b[off + 7] & 0xFFL);
    }

    static void putLong(byte[] b, int off, long v) {
        b[off] = (byte) (v >>> 56);
        b[off + 1] = (byte) (v >>> 48);
        b[off + 2] = (byte) (v >>> 40);
        b[off + 3] = (byte) (v >>> 32);
        b[off + 4] = (byte) (v >>> 24);
        b[off + 5] = (byte) (v >>> 16);
        b[off + 6] = (byte) (v >>> 8);
        b[off + 7] = (byte) v;
    }

    @Override
    public String toString() {
        return "FileWatcher[" + root + ", every " + intervalMillis + " ms]";
    }
}
