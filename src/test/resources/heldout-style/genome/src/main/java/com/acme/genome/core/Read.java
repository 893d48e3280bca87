package com.acme.genome.core;

import java.util.Objects;

/**
 * One sequenced read. FASTA records become reads with a flat quality string.
 *
 * <p>The duplicate filter keeps every read it has seen in a hash set, so {@link #hashCode()} runs once per read and
 * again on every probe of that set.
 */
public final class Read {

    private final String name;
    private final String bases;
    private final String qualities;
    private final int lane;

    public Read(String name, String bases, String qualities, int lane) {
        int nBases = bases.length();
        int nQuals = qualities.length();
        if (nBases != nQuals) {
            throw new IllegalArgumentException(String.format("read %s has %s bases but %s quality values", name, nBases, nQuals));
        }
        this.name = name;
        this.bases = bases;
        this.qualities = qualities;
        this.lane = lane;
    }

    public String name() {
        return name;
    }

    public String bases() {
        return bases;
    }

    public String qualities() {
        return qualities;
    }

    public int lane() {
        return lane;
    }

    public int length() {
        return bases.length();
    }

    /** This read cut to its first {@code keep} bases, for adapter and quality trimming. */
    public Read trimmed(int keep) {
        return keep >= bases.length() ? this : new Read(name, bases.substring(0, keep), qualities.substring(0, keep), lane);
    }

    /** The read name without its {@code /1} or {@code /2} mate suffix; the output stage asks for it once per read. */
    public String fragmentName() {
        return name.replaceFirst("/[12]$", "");
    }

    /** Mean Phred score, Sanger encoding (offset 33). */
    public double meanQuality() {
        int n = qualities.length();
        if (n == 0) {
            return 0;
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += qualities.charAt(i) - 33;
        }
        return (double) sum / n;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Read other)) {
            return false;
        }
        return lane == other.lane && name.equals(other.name) && bases.equals(other.bases);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, bases, lane);
    }

    @Override
    public String toString() {
        return "Read[" + name + ", lane " + lane + ", " + bases.length() + " bp]";
    }
}
