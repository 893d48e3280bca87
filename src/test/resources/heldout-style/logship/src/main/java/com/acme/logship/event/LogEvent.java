package com.acme.logship.event;

import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One line read from a tailed file, after parsing. Created once per line by the
 * {@code LineParser}, enriched by the pipeline, serialised by the shipper.
 */
public final class LogEvent {

    private final String source;
    private final long offset;
    private final int lineNo;
    private final String raw;
    private final Map<String, String> fields = new LinkedHashMap<>();
    private Set<String> tags = Collections.emptySet();

    public LogEvent(String source, long offset, int lineNo, String raw) {
        this.source = source;
        this.offset = offset;
        this.lineNo = lineNo;
        this.raw = raw;
    }

    public String source() {
        return source;
    }

    public long offset() {
        return offset;
    }

    public int lineNo() {
        return lineNo;
    }

    public String raw() {
        return raw;
    }

    /** Stable id used for de-duplication on the ingest side and in the ack header. */
    public String id() {
        return String.format("%s:%s", source, offset);
    }

    public Map<String, String> fields() {
        return fields;
    }

    public String field(String name) {
        return fields.get(name);
    }

    /** Called by the parser and the enrichers for every extracted field. */
    public void put(String name, String value) {
        if (!name.matches("[a-z_][a-z0-9_.]*")) {
            throw new IllegalArgumentException(String.format("bad field name %s in event from %s", name, source));
        }
        fields.put(name, value);
    }

    public Set<String> tags() {
        return tags;
    }

    /** Called by the tag enricher once per event. */
    public void addTags(Collection<String> extra) {
        Set<String> merged = new HashSet<>();
        merged.addAll(extra);
        merged.addAll(tags);
        tags = merged;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LogEvent)) {
            return false;
        }
        LogEvent other = (LogEvent) o;
        return offset == other.offset && lineNo == other.lineNo && source.equals(other.source);
    }

    /** Events go through a HashSet on replay after a restart, one lookup per event. */
    @Override
    public int hashCode() {
        return Objects.hash(source, offset, lineNo);
    }

    @Override
    public String toString() {
        return String.format("LogEvent[%s@%s line %s]", source, offset, lineNo);
    }
}
