package com.acme.render;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Compiled templates by name, locale and mode, bounded, oldest-used evicted first. Behind it an optional disk tier
 * keeps a local copy of each template fetched from the template service, behind a small binary header (format,
 * length, published version), so that a node does not fetch an unchanged template again after an eviction.
 */
final class TemplateCache {

    static final int MAGIC = 0x544D504C;
    static final int VERSION = 3;

    /** Mixed into every stored version, so that a format change invalidates the entries already on disk. */
    static final int FORMAT_SEED = Objects.hash(MAGIC, VERSION, "render");

    private static final int HEADER_SIZE = 16;
    private static final int MAX_STORED = 4 << 20;
    private static final byte[] MAGIC_BYTES = new byte[4];

    static {
        MAGIC_BYTES[0] = (byte) (MAGIC >>> 24);
        MAGIC_BYTES[1] = (byte) (MAGIC >>> 16);
        MAGIC_BYTES[2] = (byte) (MAGIC >>> 8);
        MAGIC_BYTES[3] = (byte) MAGIC;
    }

    /** Cache key; built and hashed on every {@link TemplateEngine#render} call. */
    static final class Key {
        private final String name;
        private final Locale locale;
        private final boolean strict;

        Key(String name, Locale locale, boolean strict) {
            this.name = name;
            this.locale = locale;
            this.strict = strict;
        }

        String name() {
            return name;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && strict == k.strict && name.equals(k.name) && locale.equals(k.locale);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, locale, strict);
        }

        @Override
        public String toString() {
            String tag = locale.toLanguageTag();
            String mode = strict ? "strict" : "lenient";
            return String.format("%s[%s,%s]", name, tag, mode);
        }
    }

    private static final class Entry {
        final Template template;
        final String label;
        volatile long hits;
        volatile long lastUsed;

        Entry(Template template, String label) {
            this.template = template;
            this.label = label;
        }

        void touch() {
            hits++;
            lastUsed = System.nanoTime();
        }
    }

    private final Map<Key, Entry> entries = new ConcurrentHashMap<>();
    private final int maxEntries;

    TemplateCache(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    Template get(Key key, Function<Key, Template> compile) {
        Entry entry = entries.get(key);
        if (entry == null) {
            entry = new Entry(compile.apply(key), key.name() + "@" + key.locale.toLanguageTag());
            entries.put(key, entry);
            if (entries.size() > maxEntries) {
                evictOldest();
            }
        }
        entry.touch();
        return entry.template;
    }

    void invalidate(String name) {
        entries.keySet().removeIf(k -> k.name.equals(name));
    }

    /** Runs on every insert once the cache is full, which on a multi-tenant node is most misses. */
    private void evictOldest() {
        Key oldest = null;
        long oldestAt = Long.MAX_VALUE;
        for (Key key : entries.keySet()) {
            long at = entries.get(key).lastUsed;
            if (at < oldestAt) {
                oldest = key;
                oldestAt = at;
            }
        }
        if (oldest != null) {
            entries.remove(oldest);
        }
    }

    /** Hit counts per template and locale, for the /metrics endpoint (scraped every few seconds by each replica). */
    Map<String, Long> hitsByTemplate() {
        List<Entry> snapshot = new ArrayList<>(entries.values());
        Map<String, Long> hits = new HashMap<>(snapshot.size());
        for (Entry entry : snapshot) {
            hits.put(entry.label, entry.hits);
        }
        return hits;
    }

    // ---- disk tier -------------------------------------------------------------------------------------------

    /** Writes a fetched source; called after every fetch from the template service when the engine has a disk tier. */
    static void store(Path file, String source, int sourceVersion) throws IOException {
        byte[] text = source.getBytes(StandardCharsets.UTF_8);
        byte[] data = new byte[HEADER_SIZE + text.length];
        System.arraycopy(MAGIC_BYTES, 0, data, 0, 4);
        data[4] = (byte) (VERSION >>> 8);
        data[5] = (byte) VERSION;
        int length = text.length;
        data[8] = (byte) (length >>> 24);
        data[9] = (byte) (length >>> 16);
        data[10] = (byte) (length >>> 8);
        data[11] = (byte) length;
        ByteBuffer.wrap(data).putInt(12, sourceVersion ^ FORMAT_SEED);
        System.arraycopy(text, 0, data, HEADER_SIZE, text.length);
        Files.write(file, data);
    }

    /**
     * Reads a stored source back, or returns null when the published version changed since. Called on every
     * memory miss of an engine with a disk tier.
     */
    static String load(Path file, int sourceVersion) throws IOException {
        byte[] data;
        try (InputStream in = Files.newInputStream(file)) {
            data = readAll(in, MAX_STORED);
        }
        if (data.length < HEADER_SIZE) {
            throw new IOException(file + ": truncated cache entry (" + data.length + " bytes)");
        }
        if (!Arrays.equals(data, 0, 4, MAGIC_BYTES, 0, 4)) {
            throw new IOException(file + ": not a template cache entry, magic " + Integer.toHexString(
                    (data[0] & 0xFF) << 24 | (data[1] & 0xFF) << 16 | (data[2] & 0xFF) << 8 | (data[3] & 0xFF)));
        }
        int version = (data[4] & 0xFF) << 8 | (data[5] & 0xFF);
        if (version != VERSION) {
            return null;
        }
        int length = (data[8] & 0xFF) << 24 | (data[9] & 0xFF) << 16 | (data[10] & 0xFF) << 8 | (data[11] & 0xFF);
        int hash = ByteBuffer.wrap(data).getInt(12);
        if ((hash ^ FORMAT_SEED) != sourceVersion || length != data.length - HEADER_SIZE) {
            return null;
        }
        return new String(data, HEADER_SIZE, length, StandardCharsets.UTF_8);
    }

    /** Reads a stream up to a limit; the disk tier and classpath templates both come through here. */
    static byte[] readAll(InputStream in, int limit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int total = 0;
        while (total < limit) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            out.write(chunk, 0, n);
            total += n;
        }
        return out.toByteArray();
    }
}
