package com.acme.metrics.core;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Identity of a meter: a name plus its tags. {@link MetricRegistry} builds one on every
 * {@code counter(..)}, {@code timer(..)} and {@code histogram(..)} call and looks it up in its map.
 */
public final class MetricId {

    private final String name;
    private final SortedMap<String, String> tags;
    private final String canonicalTags;

    public MetricId(String name, Map<String, String> tags) {
        if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*")) {
            throw new IllegalArgumentException(String.format("invalid metric name '%s'", name));
        }
        TreeMap<String, String> sorted = new TreeMap<>(tags);
        StringBuilder canonical = new StringBuilder(16 * sorted.size());
        for (String key : sorted.keySet()) {
            String value = sorted.get(key);
            canonical.append(String.format("%s=%s,", key, value));
        }
        this.name = name;
        this.tags = Collections.unmodifiableSortedMap(sorted);
        this.canonicalTags = canonical.toString();
    }

    public String name() {
        return name;
    }

    public SortedMap<String, String> tags() {
        return tags;
    }

    /** Same meter with one more tag, e.g. {@code id.withTag("status", status)} after a request completes. */
    public MetricId withTag(String key, String value) {
        if (value == null) {
            throw new IllegalArgumentException(missingValue(key));
        }
        TreeMap<String, String> copy = new TreeMap<>(tags);
        copy.put(key, value);
        return new MetricId(name, copy);
    }

    private static String missingValue(String key) {
        return String.format("tag '%s' has no value", key);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MetricId)) {
            return false;
        }
        MetricId other = (MetricId) o;
        return name.equals(other.name) && canonicalTags.equals(other.canonicalTags);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, canonicalTags);
    }

    @Override
    public String toString() {
        return name + "{" + canonicalTags + "}";
    }
}
