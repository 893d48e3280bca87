package dev.rewriteperf.analysis.project;

import org.jspecify.annotations.Nullable;

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
        Integer major = major(System.getProperty("java.specification.version", "8"));
        return major == null ? UNKNOWN : major;
    }

    /** 8 for "1.8" or "8", 17 for "17" or "17.0.2"; null for anything else (an unresolved placeholder). */
    static @Nullable Integer major(String version) {
        String v = version.trim();
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        v = v.replaceFirst("\\..*", "");
        try {
            int major = Integer.parseInt(v);
            return major >= 1 && major < 100 ? major : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
