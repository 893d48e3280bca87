package com.acme.tsdb.model;

import com.acme.tsdb.TsdbException;

import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;

/**
 * One parsed line of line protocol: a measurement, its tags, its fields and a timestamp in nanoseconds.
 * The ingest path creates one Point for every line it accepts.
 */
public final class Point {

    /** Stored type of a field value. */
    public enum FieldType { FLOAT, INTEGER, STRING, BOOLEAN }

    private final String measurement;
    private final SortedMap<String, String> tags;
    private final Map<String, Object> fields;
    private final long timestamp;

    public Point(String measurement, SortedMap<String, String> tags, Map<String, Object> fields, long timestamp) {
        if (fields.isEmpty()) {
            throw new TsdbException("point of " + measurement + " has no fields");
        }
        Set<String> names = new HashSet<>();
        names.addAll(tags.keySet());
        for (String field : fields.keySet()) {
            if (!names.add(field)) {
                throw new TsdbException("field '" + field + "' of " + measurement + " has the name of a tag");
            }
        }
        this.measurement = measurement;
        this.tags = Collections.unmodifiableSortedMap(tags);
        this.fields = Collections.unmodifiableMap(fields);
        this.timestamp = timestamp;
    }

    public String measurement() {
        return measurement;
    }

    public SortedMap<String, String> tags() {
        return tags;
    }

    public Map<String, Object> fields() {
        return fields;
    }

    public long timestamp() {
        return timestamp;
    }

    public SeriesKey seriesKey() {
        return new SeriesKey(measurement, tags);
    }

    /** Two points are the same write when series and timestamp match; the later one's fields win. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Point)) {
            return false;
        }
        Point other = (Point) o;
        return timestamp == other.timestamp && measurement.equals(other.measurement) && tags.equals(other.tags);
    }

    @Override
    public int hashCode() {
        return Objects.hash(measurement, tags, timestamp);
    }

    @Override
    public String toString() {
        int tagCount = tags.size();
        int fieldCount = fields.size();
        return String.format(Locale.ROOT, "Point[%s, %d tags, %d fields, ts=%d]", measurement, tagCount, fieldCount, timestamp);
    }
}
