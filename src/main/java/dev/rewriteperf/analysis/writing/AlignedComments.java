package dev.rewriteperf.analysis.writing;

import org.jspecify.annotations.Nullable;
import org.openrewrite.internal.StringUtils;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Comment;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TextComment;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A comment on a line of its own that continues, aligned under it, the comment ending the line above:
 * <pre>
 * txt = txt.replaceAll("^trough", "trou2f"); // 2.0 only
 *                                            // note the spec says ^enough here again
 * </pre>
 * When a rewrite makes the line above longer or shorter, the continuation moves with it, as its author aligned it
 * (commons-codec's {@code Caverphone2}). Only a continuation indented with spaces to the very column of the comment
 * above it, and found once in the file, is moved.
 */
final class AlignedComments {

    /** The spaces that end a comment's suffix: the next comment's indentation, after the line break. */
    private static final Pattern INDENTATION = Pattern.compile("(\\r?\\n)( *)$");

    private AlignedComments() {
    }

    /** {@code rewritten} with the comments aligned in {@code original} aligned again. */
    static J.CompilationUnit keptFrom(J.CompilationUnit original, J.CompilationUnit rewritten) {
        Set<String> aligned = alignedIn(original);
        if (aligned.isEmpty()) {
            return rewritten;
        }
        String text = rewritten.printAll();
        return (J.CompilationUnit) new JavaIsoVisitor<Integer>() {
            @Override
            public Space visitSpace(Space space, Space.Location loc, Integer p) {
                List<Comment> comments = space.getComments();
                for (int i = 0; i + 1 < comments.size(); i++) {
                    TextComment above = lineComment(comments.get(i));
                    TextComment below = lineComment(comments.get(i + 1));
                    if (above == null || below == null || !aligned.contains(key(above, below))) {
                        continue;
                    }
                    int column = column(text, above, below);
                    Matcher indentation = INDENTATION.matcher(above.getSuffix());
                    if (column >= 0 && indentation.find() && indentation.group(2).length() != column) {
                        comments = new ArrayList<>(comments);
                        comments.set(i, above.withSuffix(above.getSuffix().substring(0, indentation.start(2)) + StringUtils.repeat(" ", column)));
                        space = space.withComments(comments);
                    }
                }
                return space;
            }
        }.visitNonNull(rewritten, 0);
    }

    /** The pairs of line comments of {@code file} whose second is aligned under the first, which ends a line of code. */
    private static Set<String> alignedIn(J.CompilationUnit file) {
        Set<String> aligned = new HashSet<>();
        String[] text = new String[1];
        new JavaIsoVisitor<Integer>() {
            @Override
            public Space visitSpace(Space space, Space.Location loc, Integer p) {
                List<Comment> comments = space.getComments();
                // the first comment of a space that starts on the line of the code before it: one that ends a line
                if (comments.size() < 2 || space.getWhitespace().contains("\n")) {
                    return space;
                }
                TextComment above = lineComment(comments.get(0));
                TextComment below = lineComment(comments.get(1));
                if (above == null || below == null || !above.getSuffix().trim().isEmpty()) {
                    return space;
                }
                Matcher indentation = INDENTATION.matcher(above.getSuffix());
                if (!indentation.find()) {
                    return space;
                }
                if (text[0] == null) {
                    text[0] = file.printAll();
                }
                if (column(text[0], above, below) == indentation.group(2).length()) {
                    aligned.add(key(above, below));
                }
                return space;
            }
        }.visit(file, 0);
        return aligned;
    }

    /**
     * The column of {@code above} in {@code text}, found as a line of code ending in it followed by a line holding only
     * {@code below}; -1 unless it is found exactly once.
     */
    private static int column(String text, TextComment above, TextComment below) {
        Matcher found = Pattern.compile("(?m)^([^\\r\\n]*\\S[^\\r\\n]*?)//" + Pattern.quote(above.getText()) + "\\r?\\n *//"
                                        + Pattern.quote(below.getText()) + "$").matcher(text);
        if (!found.find()) {
            return -1;
        }
        int column = found.group(1).length();
        return found.find() ? -1 : column;
    }

    private static @Nullable TextComment lineComment(Comment comment) {
        return comment instanceof TextComment && !((TextComment) comment).isMultiline() ? (TextComment) comment : null;
    }

    private static String key(TextComment above, TextComment below) {
        return above.getText() + "\n" + below.getText();
    }
}
