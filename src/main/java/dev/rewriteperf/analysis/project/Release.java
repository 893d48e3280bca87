package dev.rewriteperf.analysis.project;

/**
 * The Java release a rewrite may assume for a file: the lowest one its module promises its users, with the reason,
 * so that a spot left alone for its release, or rewritten because of it, says which release was assumed and why.
 */
public final class Release {

    private final int major;
    private final String why;

    Release(int major, String why) {
        this.major = major;
        this.why = why;
    }

    /** The major version: 8, 11, 17. */
    public int major() {
        return major;
    }

    /** Whether code written for this release may use an API of Java {@code needed}. */
    public boolean has(int needed) {
        return major >= needed;
    }

    /** {@code Java 8: the default build targets 1.8 (maven.compiler.source)}: the release and where it was read. */
    public String describe() {
        return "Java " + major + ": " + why;
    }

    /** The reason a spot whose rewrite needs Java {@code needed} is left alone here. */
    public String reason(int needed) {
        return "needs Java " + needed + ", beyond " + describe();
    }

    @Override
    public String toString() {
        return describe();
    }
}
