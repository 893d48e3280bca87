package dev.rewriteperf.analysis.writing;

import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;

import java.util.regex.Pattern;

/** The blank line a recipe keeps between the members it adds and the ones that follow, in LF and CRLF files alike. */
public final class BlankLines {

    private static final Pattern BLANK_LINE_FIRST = Pattern.compile("[ \\t]*\\r?\\n[ \\t]*\\r?\\n");

    private BlankLines() {
    }

    /** Whether {@code prefix} starts with a blank line, which may hold spaces or tabs: {@code "\n    \n"}. */
    public static boolean startsWithBlankLine(Space prefix) {
        return BLANK_LINE_FIRST.matcher(prefix.getWhitespace()).lookingAt();
    }

    /**
     * {@code statement} with a blank line before it, unless its prefix starts with one already. A comment above
     * the statement (its Javadoc) stays with it, below the blank line.
     */
    @SuppressWarnings("unchecked")
    public static <S extends Statement> S before(S statement) {
        Space prefix = statement.getPrefix();
        if (startsWithBlankLine(prefix)) {
            return statement;
        }
        String lineBreak = prefix.getWhitespace().contains("\r\n") ? "\r\n" : "\n";
        return (S) statement.withPrefix(prefix.withWhitespace(lineBreak + prefix.getWhitespace()));
    }
}
