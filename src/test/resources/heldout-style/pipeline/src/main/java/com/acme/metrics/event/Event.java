package com.acme.metrics.event;

import java.util.Collections;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One decoded event. A new instance is created for every message read off the wire,
 * so everything in the compact constructor runs once per event.
 */
public record Event(String type, String source, long timestamp, Object payload,
                    Map<String, String> attributes, Set<String> tags) {

    public Event {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(attributes, () -> String.format("event of type %s arrived without attributes", type));
        if (timestamp < 0) {
            throw new IllegalArgumentException(String.format("negative timestamp %s on %s event", timestamp, type));
        }
        source = source == null ? "unknown" : source.replaceAll("[^A-Za-z0-9_.-]+", "_");
        Set<String> tagCopy = new HashSet<>();
        tagCopy.addAll(tags);
        tags = Collections.unmodifiableSet(tagCopy);
    }

    /** Route key. The router calls this for every event it dispatches. */
    public String describe() {
        return String.format("%s/%s", type, source);
    }

    public String attribute(String name) {
        return attributes.get(name);
    }
}
