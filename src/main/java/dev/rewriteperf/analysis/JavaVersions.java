package dev.rewriteperf.analysis;

import org.openrewrite.Cursor;
import org.openrewrite.java.marker.JavaVersion;
import org.openrewrite.java.tree.JavaSourceFile;

/**
 * The Java version a source file is compiled for, read from the {@link JavaVersion} marker the build
 * plugins attach.
 */
public final class JavaVersions {

    /** Returned when a file carries no Java version marker: assume the oldest release the pack supports. */
    public static final int UNKNOWN = 8;

    private JavaVersions() {
    }

    /**
     * The lowest of the source and target release of the enclosing file: an API is usable only if both
     * the language level and the release the bytecode must run on have it.
     */
    public static int targetRelease(Cursor cursor) {
        JavaSourceFile sourceFile = cursor.firstEnclosing(JavaSourceFile.class);
        if (sourceFile == null) {
            return UNKNOWN;
        }
        return sourceFile.getMarkers().findFirst(JavaVersion.class)
                .map(v -> Math.min(v.getMajorVersion(), v.getMajorReleaseVersion()))
                .orElse(UNKNOWN);
    }

    /** The major version of the Java the recipes run on (the one that parsed the code): 8, 17, 25. */
    public static int running() {
        String version = System.getProperty("java.specification.version", "8");
        return Integer.parseInt(version.startsWith("1.") ? version.substring(2) : version.replaceFirst("\\..*", ""));
    }
}
