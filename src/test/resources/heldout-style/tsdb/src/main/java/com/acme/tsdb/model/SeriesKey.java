package com.acme.tsdb.model;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Identity of a series: the measurement and its sorted tag set, e.g. {@code cpu,host=web-1,region=eu}.
 * The write path builds one for every point and looks it up in the series index, so the constructor and
 * {@link #hashCode()} run once per point.
 */
public final class SeriesKey {

    private final String measurement;
    private final SortedMap<String, String> tags;
    private final String[] tagPairs;
    private final String canonical;

    public SeriesKey(String measurement, SortedMap<String, String> tags) {
        this.measurement = measurement;
        this.tags = tags;
        this.tagPairs = tags.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        StringBuilder sb = new StringBuilder(measurement);
        for (int i = 0; i < tagPairs.length; i += 2) {
            sb.append(',').append(tagPairs[i]).append('=').append(tagPairs[i + 1]);
        }
        this.canonical = sb.toString();
    }

    /** Inverse of {@link #canonical()}. */
    public static SeriesKey parse(String canonical) {
        String[] parts = canonical.split(",");
        SortedMap<String, String> tags = new TreeMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            tags.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return new SeriesKey(parts[0], tags);
    }

    public String measurement() {
        return measurement;
    }

    public SortedMap<String, String> tags() {
        return Collections.unmodifiableSortedMap(tags);
    }

    /** Tag keys and values interleaved: k1, v1, k2, v2, ... */
    public String[] tagPairs() {
        return tagPairs.clone();
    }

    public String canonical() {
        return canonical;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SeriesKey)) {
            return false;
        }
        SeriesKey other = (SeriesKey) o;
        return measurement.equals(other.measurement) && canonical.equals(other.canonical);
    }

    @Override
    public int hashCode() {
        return Objects.hash(measurement, canonical);
    }

    @Override
    public String toString() {
        return canonical;
    }
}
