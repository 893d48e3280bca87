package com.acme.kvstore.sstable;

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** LRU cache of uncompressed data blocks, shared by every table of a store and bounded by total bytes. */
public final class BlockCache {

    /** Reads a block from disk on a miss. */
    @FunctionalInterface
    public interface Loader {
        byte[] load() throws IOException;
    }

    static final class CacheKey {
        final long fileNumber;
        final long offset;

        CacheKey(long fileNumber, long offset) {
            this.fileNumber = fileNumber;
            this.offset = offset;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof CacheKey)) {
                return false;
            }
            CacheKey other = (CacheKey) o;
            return fileNumber == other.fileNumber && offset == other.offset;
        }

        @Override
        public int hashCode() {
            return Objects.hash(fileNumber, offset);
        }

        @Override
        public String toString() {
            return fileNumber + "@" + offset;
        }
    }

    private final long capacityBytes;
    private final LinkedHashMap<CacheKey, byte[]> lru = new LinkedHashMap<>(1024, 0.75f, true);
    private long usedBytes;
    private long hits;
    private long misses;
    private long evictions;

    public BlockCache(long capacityBytes) {
        this.capacityBytes = capacityBytes;
    }

    /** The block at {@code offset} of table {@code fileNumber}, loaded on a miss. Called for every table probe. */
    public byte[] get(long fileNumber, long offset, Loader loader) throws IOException {
        CacheKey key = new CacheKey(fileNumber, offset);
        synchronized (this) {
            byte[] block = lru.get(key);
            if (block != null) {
                hits++;
                return block;
            }
            misses++;
        }
        byte[] loaded = loader.load();
        assert loaded.length > 4 : String.format("empty block in table %s at offset %s", fileNumber, offset);
        synchronized (this) {
            byte[] previous = lru.put(key, loaded);
            usedBytes += loaded.length - (previous == null ? 0 : previous.length);
            Iterator<Map.Entry<CacheKey, byte[]>> it = lru.entrySet().iterator();
            while (usedBytes > capacityBytes && it.hasNext()) {
                Map.Entry<CacheKey, byte[]> eldest = it.next();
                if (eldest.getKey().equals(key)) {
                    continue;
                }
                usedBytes -= eldest.getValue().length;
                it.remove();
                evictions++;
            }
        }
        return loaded;
    }

    /** Drops every block of a table the compactor has just deleted. */
    public synchronized void evictFile(long fileNumber) {
        Iterator<Map.Entry<CacheKey, byte[]>> it = lru.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<CacheKey, byte[]> e = it.next();
            if (e.getKey().fileNumber == fileNumber) {
                usedBytes -= e.getValue().length;
                it.remove();
            }
        }
    }

    /** One line of the stats page. */
    public synchronized String describe() {
        int entries = lru.size();
        return String.format("block_cache hits=%s misses=%s evictions=%s entries=%s bytes=%s capacity=%s",
                hits, misses, evictions, entries, usedBytes, capacityBytes);
    }
}
