package dev.rewriteperf.analysis.writing;

/**
 * How a {@code HashMap} or {@code HashSet} is written to hold a number of elements without a resize: the Java 19
 * factories ({@code HashMap.newHashMap(n)} and siblings) where the release has them, else a capacity computed the
 * way those factories compute it.
 */
public final class HashTables {

    /** {@code HashMap.newHashMap(int)} and the same factories of the other hash collections arrived in Java 19. */
    public static final int FACTORY_RELEASE = 19;

    /** The load factor the capacity is written with, which a project's Checkstyle may count as a magic number. */
    public static final String LOAD_FACTOR = "0.75";

    private HashTables() {
    }

    /** {@code (int) Math.ceil(n / 0.75)}: the capacity that holds {@code count} elements, before the factories. */
    public static String capacityFor(String count) {
        return "(int) Math.ceil(" + count + " / " + LOAD_FACTOR + ")";
    }
}
