package com.acme.kvstore;

import java.util.Objects;

/**
 * A user key tagged with the sequence number and kind of the write that produced it.
 * Ordered by user key ascending, then by sequence descending, so the newest version of a key sorts first.
 */
public final class InternalKey implements Comparable<InternalKey> {

    public enum Kind { PUT, DELETE }

    private final String userKey;
    private final long sequence;
    private final Kind kind;

    public InternalKey(String userKey, long sequence, Kind kind) {
        if (userKey == null || kind == null) {
            throw new NullPointerException("user key and kind are required (sequence " + sequence + ", kind " + kind + ")");
        }
        this.userKey = userKey;
        this.sequence = sequence;
        this.kind = kind;
    }

    /** The smallest internal key for {@code userKey}: sorts before every stored version of it. */
    public static InternalKey lookup(String userKey) {
        return new InternalKey(userKey, Long.MAX_VALUE, Kind.PUT);
    }

    public String userKey() {
        return userKey;
    }

    public long sequence() {
        return sequence;
    }

    public Kind kind() {
        return kind;
    }

    @Override
    public int compareTo(InternalKey other) {
        int c = userKey.compareTo(other.userKey);
        if (c != 0) {
            return c;
        }
        return Long.compare(other.sequence, sequence);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof InternalKey)) {
            return false;
        }
        InternalKey that = (InternalKey) o;
        return sequence == that.sequence && kind == that.kind && userKey.equals(that.userKey);
    }

    @Override
    public int hashCode() {
        return Objects.hash(userKey, sequence, kind);
    }

    @Override
    public String toString() {
        return String.format("%s@%s:%s", userKey, sequence, kind);
    }
}
