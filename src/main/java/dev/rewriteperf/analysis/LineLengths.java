package dev.rewriteperf.analysis;

import org.openrewrite.Cursor;
import org.openrewrite.java.tree.J;

/**
 * The file's own line-length budget. A rewrite that makes a line longer than every line already in the file does not
 * read as the project's code, and fails the formatters that enforce a limit (spotless, checkstyle's LineLength).
 */
public final class LineLengths {

    /** A line this long fits every formatter's limit (checkstyle's default is 80), whatever the file's lines. */
    public static final int ALWAYS_FITS = 80;

    /** Longer lines break the common formatters' limits (palantir-java-format 120, google-java-format 100). */
    public static final int NEVER_FITS = 120;

    private LineLengths() {
    }

    /**
     * How long a line a rewrite may write in {@code cu}: as long as its longest line of code, between
     * {@link #ALWAYS_FITS} and {@link #NEVER_FITS}. Imports, comments and lines with string literals do not count:
     * formatters leave those long when they cannot break them, and they say nothing of the project's limit.
     */
    public static int lineBudget(J.CompilationUnit cu) {
        int longest = 0;
        for (String line : cu.printAll().split("\n", -1)) {
            String trimmed = line.trim();
            boolean code = !trimmed.startsWith("import ") && !trimmed.startsWith("package ") && !trimmed.startsWith("*") &&
                           !trimmed.startsWith("/") && !trimmed.contains("\"") && !trimmed.contains("//");
            if (code) {
                longest = Math.max(longest, line.endsWith("\r") ? line.length() - 1 : line.length());
            }
        }
        return Math.min(Math.max(longest, ALWAYS_FITS), NEVER_FITS);
    }

    /**
     * The length of the line that holds {@code tree} (at {@code cursor}) once its text is {@code replacement}; -1 when
     * {@code tree} is written over several lines (the author wrapped it: one line would not read as theirs) or is not
     * found in its statement.
     */
    public static int lineLengthWith(Cursor cursor, J tree, String replacement) {
        String text = tree.printTrimmed(cursor.getParentOrThrow());
        if (text.contains("\n")) {
            return -1;
        }
        Cursor statement = cursor;
        while (statement.getParent() != null && !(statement.getParentTreeCursor().getValue() instanceof J.Block)) {
            statement = statement.getParentTreeCursor();
        }
        if (!(statement.getValue() instanceof J)) {
            return -1;
        }
        String printed = ((J) statement.getValue()).print(statement.getParentOrThrow());
        int at = printed.indexOf(text);
        if (at < 0) {
            return -1;
        }
        int start = printed.lastIndexOf('\n', at) + 1;
        int end = printed.indexOf('\n', at + text.length());
        String line = printed.substring(start, end < 0 ? printed.length() : end).replace("\r", "");
        return line.length() - text.length() + replacement.length();
    }
}
