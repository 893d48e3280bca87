package dev.rewriteperf.analysis.writing;

import org.openrewrite.internal.ListUtils;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;

import java.util.Collections;

/**
 * Moves generated code to the indentation of the code it joins. A template's statements are indented as
 * OpenRewrite's formatter would indent them, which inside a lambda on a continuation line ({@code .map(x -> {})
 * under a call}) is not where the project's own code is.
 */
public final class Indentation {

    private Indentation() {
    }

    /** {@code tree} with {@code from} at the start of every line's indentation replaced by {@code to}. */
    @SuppressWarnings("unchecked")
    public static <T extends J> T moved(T tree, String from, String to) {
        if (from.equals(to)) {
            return tree;
        }
        return (T) new JavaIsoVisitor<Integer>() {
            @Override
            public Space visitSpace(Space space, Space.Location location, Integer p) {
                Space shifted = space.withWhitespace(moved(space.getWhitespace(), from, to));
                return shifted.withComments(ListUtils.map(shifted.getComments(), c -> c.withSuffix(moved(c.getSuffix(), from, to))));
            }
        }.visitNonNull(tree, 0);
    }

    /**
     * {@code prefix} without its comments, on the line its last comment ended on: for a statement whose comments
     * now stand above code put before it.
     */
    public static Space withoutComments(Space prefix) {
        return prefix.withComments(Collections.emptyList()).withWhitespace(prefix.getComments().isEmpty() ?
                prefix.getWhitespace() : prefix.getComments().get(prefix.getComments().size() - 1).getSuffix());
    }

    private static String moved(String whitespace, String from, String to) {
        if (whitespace.indexOf('\n') < 0) {
            return whitespace;
        }
        StringBuilder result = new StringBuilder(whitespace.length());
        int lineStart = 0;
        for (int i = 0; i <= whitespace.length(); i++) {
            if (i == whitespace.length() || whitespace.charAt(i) == '\n') {
                String line = whitespace.substring(lineStart, i);
                result.append(lineStart > 0 && line.startsWith(from) ? to + line.substring(from.length()) : line);
                if (i < whitespace.length()) {
                    result.append('\n');
                }
                lineStart = i + 1;
            }
        }
        return result.toString();
    }
}
