package com.acme.resolver.cache;

import com.acme.resolver.wire.DnsMessage;
import com.acme.resolver.wire.DnsMessage.Question;
import com.acme.resolver.wire.DnsMessage.Record;
import com.acme.resolver.wire.MessageCodec;
import com.acme.resolver.wire.RecordType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * TTL-respecting answer cache, positive and negative (RFC 2308). One instance shared by every
 * worker thread; looked up once per query, filled once per upstream response.
 */
public final class RecordCache {

    static final class Key {
        final String name;
        final int type;
        final int qclass;

        Key(String name, int type, int qclass) {
            this.name = name.toLowerCase(Locale.ROOT);
            this.type = type;
            this.qclass = qclass;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key)) {
                return false;
            }
            Key k = (Key) o;
            return type == k.type && qclass == k.qclass && name.equals(k.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, type, qclass);
        }

        @Override
        public String toString() {
            return String.format("%s/%s/%s", name, type, qclass);
        }
    }

    static final class Entry {
        final List<Record> records;
        final int rcode;
        final long storedAt;
        final long expiresAt;

        Entry(List<Record> records, int rcode, long storedAt, long expiresAt) {
            this.records = records;
            this.rcode = rcode;
            this.storedAt = storedAt;
            this.expiresAt = expiresAt;
        }
    }

    /** What a lookup returns: the rcode to answer with and the records, TTLs already aged. */
    public static final class Answer {
        public final int rcode;
        public final List<Record> records;

        Answer(int rcode, List<Record> records) {
            this.rcode = rcode;
            this.records = records;
        }
    }

    private final Map<Key, Entry> entries = new ConcurrentHashMap<>();
    private final int maxEntries;
    private final int maxTtl;
    private final int maxNegativeTtl;
    private final LongSupplier clock;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    public RecordCache(int maxEntries, int maxTtl, int maxNegativeTtl, LongSupplier clock) {
        this.maxEntries = maxEntries;
        this.maxTtl = maxTtl;
        this.maxNegativeTtl = maxNegativeTtl;
        this.clock = clock;
    }

    public Answer get(Question q) {
        Entry e = entries.get(new Key(q.name, q.type, q.qclass));
        long now = clock.getAsLong();
        if (e == null || e.expiresAt <= now) {
            misses.incrementAndGet();
            return null;
        }
        hits.incrementAndGet();
        int aged = (int) ((now - e.storedAt) / 1000L);
        List<Record> fresh = e.records.stream()
                .map(r -> r.withTtl(Math.max(0, r.ttl - aged)))
                .collect(Collectors.toList());
        return new Answer(e.rcode, fresh);
    }

    public void put(Question q, int rcode, List<Record> answers, List<Record> authority) {
        int ttl;
        if (rcode == DnsMessage.RCODE_NOERROR && !answers.isEmpty()) {
            ttl = maxTtl;
            for (Record r : answers) {
                ttl = Math.min(ttl, r.ttl);
            }
        } else {
            ttl = negativeTtl(authority);
        }
        if (ttl <= 0) {
            return;
        }
        long now = clock.getAsLong();
        Entry entry = new Entry(capped(answers), rcode, now, now + ttl * 1000L);
        entries.put(new Key(q.name, q.type, q.qclass), entry);
        if (entries.size() > maxEntries) {
            evictExpired(now);
        }
    }

    private List<Record> capped(List<Record> answers) {
        List<Record> out = new ArrayList<>();
        for (Record r : answers) {
            out.add(r.withTtl(Math.min(r.ttl, maxTtl)));
        }
        return out;
    }

    private int negativeTtl(List<Record> authority) {
        for (Record r : authority) {
            if (r.type == RecordType.SOA.code) {
                return Math.min(Math.min(r.ttl, MessageCodec.soaMinimum(r)), maxNegativeTtl);
            }
        }
        return 0;
    }

    /** Drops expired entries; run when the cache is over its size and by the housekeeping timer. */
    public int evictExpired(long now) {
        int removed = 0;
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            if (it.next().expiresAt <= now) {
                it.remove();
                removed++;
            }
        }
        return removed;
    }

    public long hits() {
        return hits.get();
    }

    public long misses() {
        return misses.get();
    }

    public int size() {
        return entries.size();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RecordCache{hits=");
        sb.append(hits.get()).append(", misses=").append(misses.get());
        for (Key key : entries.keySet()) {
            sb.append("\n  ").append(key).append(" -> ").append(entries.get(key).records.size());
        }
        return sb.append('}').toString();
    }
}
