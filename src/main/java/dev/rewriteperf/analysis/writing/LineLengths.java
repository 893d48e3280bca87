package dev.rewriteperf.analysis.writing;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.PrintOutputCapture;
import org.openrewrite.java.JavaPrinter;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Loop;
import org.openrewrite.java.tree.Space;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The file's own line-length budget. A rewrite that makes a line longer than every line already in the file does not
 * read as the project's code, and fails the formatters that enforce a limit (spotless, checkstyle's LineLength).
 * Lengths count a tab as reaching the next multiple of {@link #TAB_WIDTH}, in the budget and in the measured line alike.
 */
public final class LineLengths {

    /** A line this long fits every formatter's limit (checkstyle's default is 80), whatever the file's lines. */
    public static final int ALWAYS_FITS = 80;

    /** Longer lines break the common formatters' limits (palantir-java-format 120, google-java-format 100). */
    public static final int NEVER_FITS = 120;

    static final int TAB_WIDTH = 4;

    /** Stands for the measured expression in the printed file; no Java source holds it. */
    private static final String MARK = "\u0000measured\u0000";

    private LineLengths() {
    }

    /**
     * How long a line a rewrite may write in {@code cu}: as long as its longest line of code, between
     * {@link #ALWAYS_FITS} and {@link #NEVER_FITS}. Imports, comments, text blocks and lines with string literals do not
     * count: formatters leave those long when they cannot break them, and they say nothing of the project's limit.
     */
    public static int lineBudget(J.CompilationUnit cu) {
        int longest = 0;
        boolean inComment = false;
        boolean inTextBlock = false;
        for (String line : cu.printAll().split("\n", -1)) {
            String trimmed = line.trim();
            boolean code = !inComment && !inTextBlock && !trimmed.startsWith("import ") && !trimmed.startsWith("package ") &&
                           !trimmed.startsWith("*") && !trimmed.startsWith("/") && !trimmed.contains("\"") &&
                           !trimmed.contains("//") && !trimmed.contains("/*");
            if (code) {
                longest = Math.max(longest, width(line));
            }
            inComment = inComment ? !trimmed.contains("*/") : trimmed.lastIndexOf("/*") > trimmed.lastIndexOf("*/");
            inTextBlock ^= occurrences(trimmed, "\"\"\"") % 2 == 1;
        }
        return Math.min(Math.max(longest, ALWAYS_FITS), NEVER_FITS);
    }

    /**
     * Why a new line of code, {@code indent} and then {@code code}, would not read as {@code cu}'s code: it is longer
     * than the file's budget ({@link #lineBudget}); {@code what} names it in the reason. Null when it fits.
     */
    public static @Nullable String newCodeLineReason(J.CompilationUnit cu, String indent, String code, String what) {
        int width = width(indent + code);
        int budget = lineBudget(cu);
        return width <= budget ? null : what + " `" + code + "` would be " + width +
                " characters long, longer than this file's code lines (" + budget + ")";
    }

    /** The width of the longest line of {@code cu} that holds a string literal (formatters cannot break those). */
    static int longestStringLine(J.CompilationUnit cu) {
        int longest = 0;
        for (String line : cu.printAll().split("\n", -1)) {
            String trimmed = line.trim();
            if (trimmed.contains("\"") && !trimmed.startsWith("import ") && !trimmed.startsWith("//") && !trimmed.startsWith("*")) {
                longest = Math.max(longest, width(line));
            }
        }
        return longest;
    }

    /** The printed width of a line: a tab reaches the next multiple of {@link #TAB_WIDTH}, a carriage return is none. */
    static int width(String line) {
        int width = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\t') {
                width += TAB_WIDTH - width % TAB_WIDTH;
            } else if (c != '\r') {
                width++;
            }
        }
        return width;
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }

    /**
     * The lines of one file as a recipe is rewriting it: expressions it has already written differently are measured as
     * written, so two rewrites on one line are measured together. Make one per file; record each rewrite made.
     */
    public static final class FileLines {
        /** The file's budget, read the first time a line is measured: most files a recipe visits have no spot. */
        private int budget = -1;
        private final Map<J, String> written = new IdentityHashMap<>();
        /** The file as printed before any rewrite, and where each call and creation in it starts and ends there. */
        private @Nullable String printed;
        private final Map<J, int[]> ranges = new IdentityHashMap<>();

        private final J.CompilationUnit cu;
        private int longestStringLine = -1;

        public FileLines(J.CompilationUnit cu) {
            this.cu = cu;
        }

        private int budget() {
            if (budget < 0) {
                budget = lineBudget(cu);
            }
            return budget;
        }

        /**
         * Why a new line {@code line} (a member declaration, with its indentation) holding a string literal would not
         * read as this file's code: it is longer than the file's budget and than any line of the file with a string
         * literal on it ({@code what} names it in the reason); null when it is not.
         */
        public @Nullable String newStringLineReason(String line, String what) {
            if (longestStringLine < 0) {
                longestStringLine = longestStringLine(cu);
            }
            int width = width(line);
            return width <= budget() || width <= longestStringLine ? null : what + " would be " + width +
                   " characters long, longer than this file's code lines (" + budget() + ") and its lines with strings (" +
                   longestStringLine + ")";
        }

        /** {@code original} (the tree the visitor's cursor held) is now written as {@code text}. */
        public void record(J original, String text) {
            written.put(original, text);
        }

        /**
         * Why {@code original} (at {@code cursor}, an expression) written as {@code text} would not read as this
         * file's code, {@code what} naming the new text ("the hash"); null when it would. A line no longer than it
         * was is always fine when {@code noLongerFits}.
         */
        public @Nullable String reason(Cursor cursor, J original, String text, String what, boolean noLongerFits) {
            int width = lineWidthWith(cursor, original, text);
            if (width < 0) {
                return "the call is written over several lines: on one, " + what + " would not read as this file's code";
            }
            if (noLongerFits && text.length() < text(original, cursor).length() && isWrapped(cursor)) {
                return "the statement is wrapped over several lines: shorter, it may fit on fewer, and the project's " +
                       "formatter would wrap it anew";
            }
            if (width <= budget() || noLongerFits && width <= lineWidthWith(cursor, original, text(original, cursor))) {
                return null;
            }
            return what + " would make its line " + width + " characters long, longer than this file's code lines (" +
                   budget() + ")";
        }

        /**
         * Whether the statement around {@code cursor} (the innermost one, in a block or the body of an {@code if},
         * {@code else} or loop written without braces; the header of a loop, an {@code if}, a {@code switch} or a
         * {@code synchronized} block) is written over several lines.
         */
        private boolean isWrapped(Cursor cursor) {
            Cursor statement = cursor;
            while (statement.getParent() != null && !isStatementPlace(statement)) {
                statement = statement.getParentTreeCursor();
            }
            Object tree = statement.getValue();
            return tree instanceof J && text((J) tree, statement.getParentOrThrow()).contains("\n");
        }

        /**
         * Whether the tree at {@code at} is a statement of its own: in a block or a {@code case}, an enum's constant,
         * or the body of an {@code if}, an {@code else}, a loop or a {@code case ->} (javassist's
         * {@code if (head < len)} over {@code newdesc.append(..);} on the next line is two statements, not one wrapped;
         * a case's labels on the lines above its statement do not wrap it).
         */
        private static boolean isStatementPlace(Cursor at) {
            Object parent = at.getParentTreeCursor().getValue();
            Object tree = at.getValue();
            // a loop's, an if's, a switch's or a synchronized block's header is a line of its own: its body's lines do not wrap it
            if (tree instanceof J.ForEachLoop.Control || tree instanceof J.ForLoop.Control
                || tree instanceof J.ControlParentheses && !(parent instanceof J.TypeCast)) {
                return true;
            }
            // a lambda's expression body is what the lambda runs: the field or call around it may wrap, it does not
            if (parent instanceof J.Lambda && ((J.Lambda) parent).getBody() == tree && !(tree instanceof J.Block)) {
                return true;
            }
            return parent instanceof J.Block || parent instanceof J.EnumValueSet
                   || parent instanceof J.Case && (((J.Case) parent).getStatements().contains(tree)
                                                  || ((J.Case) parent).getBody() == tree)
                   || parent instanceof J.If && ((J.If) parent).getThenPart() == tree
                   || parent instanceof J.If.Else && ((J.If.Else) parent).getBody() == tree
                   || parent instanceof Loop && ((Loop) parent).getBody() == tree;
        }

        /**
         * The width of the line that holds {@code original} once it is written as {@code text}; -1 when
         * {@code original} is written over several lines: the author wrapped it, and one line would not read as theirs.
         */
        int lineWidthWith(Cursor cursor, J original, String text) {
            if (text(original, cursor.getParentOrThrow()).contains("\n")) {
                return -1;
            }
            if (printed == null) {
                PrintOutputCapture<Integer> capture = new PrintOutputCapture<>(0);
                new RangePrinter(ranges).visit(cursor.firstEnclosingOrThrow(J.CompilationUnit.class), capture);
                printed = capture.getOut();
            }
            int[] range = ranges.get(original);
            if (range == null) {
                return -1;
            }
            int start = printed.lastIndexOf('\n', range[0] + prefixLength(original, cursor)) + 1;
            int end = printed.indexOf('\n', range[1]);
            Map<J, String> texts = new IdentityHashMap<>(written);
            texts.put(original, MARK);
            String line = lineWith(printed, start, end < 0 ? printed.length() : end, texts, cursor);
            return width(line.replace(MARK, text));
        }

        /** The line of {@code printed} from {@code start} to {@code end} with the given trees on it written as their text. */
        private String lineWith(String printed, int start, int end, Map<J, String> texts, Cursor cursor) {
            List<J> trees = new ArrayList<>();
            for (J tree : texts.keySet()) {
                int[] range = ranges.get(tree);
                // Where its text starts: its prefix may begin on the line before (a call wrapped onto this one).
                boolean onLine = range != null && range[1] - text(tree, cursor).length() >= start && range[1] <= end;
                if (onLine && !insideAnother(tree, texts.keySet())) {
                    trees.add(tree);
                }
            }
            trees.sort(Comparator.comparingInt((J tree) -> ranges.get(tree)[0]).reversed());
            StringBuilder line = new StringBuilder(printed.substring(start, end));
            for (J tree : trees) {
                int[] range = ranges.get(tree);
                line.replace(range[1] - start - text(tree, cursor).length(), range[1] - start, texts.get(tree));
            }
            return line.toString();
        }

        /** Whether another of {@code trees} contains {@code tree}: its text, written anew, already holds this one's. */
        private boolean insideAnother(J tree, Iterable<J> trees) {
            int[] range = ranges.get(tree);
            for (J other : trees) {
                int[] outer = ranges.get(other);
                if (other != tree && outer != null && outer[0] <= range[0] && range[1] <= outer[1]) {
                    return true;
                }
            }
            return false;
        }
    }

    /** How long {@code tree}'s prefix prints (its whitespace and comments). */
    private static int prefixLength(J tree, Cursor cursor) {
        return tree.print(cursor).length() - text(tree, cursor).length();
    }

    /** {@code tree} as printed without its prefix (whitespace and comments before it), line breaks as in the file. */
    private static String text(J tree, Cursor cursor) {
        return tree.withPrefix(Space.EMPTY).print(cursor);
    }

    /** Prints a file and notes where each call and object creation starts (its prefix included) and ends. */
    private static final class RangePrinter extends JavaPrinter<Integer> {
        private final Map<J, int[]> ranges;

        RangePrinter(Map<J, int[]> ranges) {
            this.ranges = ranges;
        }

        @Override
        public @Nullable J visit(@Nullable Tree tree, PrintOutputCapture<Integer> p) {
            if (!(tree instanceof J.MethodInvocation) && !(tree instanceof J.NewClass)) {
                return super.visit(tree, p);
            }
            int start = p.out.length();
            J visited = super.visit(tree, p);
            ranges.put((J) tree, new int[]{start, p.out.length()});
            return visited;
        }
    }
}
