package com.acme.rules.model;

import java.util.Objects;

/**
 * One named value the rules can test. Facts are built for every incoming event (from the payload's getters and
 * from the message headers); the engine keeps the facts a message touched in a hash set while it evaluates rules.
 */
public final class Fact {

    private final String name;
    private final String value;
    private final String source;
    private final long observedAt;

    public Fact(String name, String value, String source, long observedAt) {
        this.name = Objects.requireNonNull(name, "name");
        this.value = value;
        this.source = source;
        this.observedAt = observedAt;
    }

    public String getName() {
        return name;
    }

    public String getValue() {
        return value;
    }

    public String getSource() {
        return source;
    }

    public long getObservedAt() {
        return observedAt;
    }

    /** The value as a number; throws {@link NumberFormatException} when the value is not one. */
    public double asDouble() {
        if (value == null) {
            throw new NumberFormatException("null");
        }
        return Double.parseDouble(value);
    }

    /** True when both facts carry the same name and value, whenever and wherever they were observed. */
    public boolean sameValueAs(Fact other) {
        return other != null && name.equals(other.name) && (value == null ? other.value == null : value.equals(other.value));
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Fact)) {
            return false;
        }
        Fact other = (Fact) o;
        return observedAt == other.observedAt && name.equals(other.name) && Objects.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, value, observedAt);
    }

    @Override
    public String toString() {
        return String.format("Fact[%s=%s from %s at %s]", name, value, source, observedAt);
    }
}
