package dev.rewriteperf.analysis;

/**
 * Java versions: the one running the recipes, and the one assumed when a file's is unknown. Which release a file may
 * use is {@link ReleasePromises}'s to say.
 */
public final class JavaVersions {

    /** Returned when a file carries no Java version marker: assume the oldest release the pack supports. */
    public static final int UNKNOWN = 8;

    private JavaVersions() {
    }

    /** The major version of the Java the recipes run on (the one that parsed the code): 8, 17, 25. */
    public static int running() {
        String version = System.getProperty("java.specification.version", "8");
        return Integer.parseInt(version.startsWith("1.") ? version.substring(2) : version.replaceFirst("\\..*", ""));
    }
}
