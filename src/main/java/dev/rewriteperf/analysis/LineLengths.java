package dev.rewriteperf.analysis;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.PrintOutputCapture;
import org.openrewrite.java.JavaPrinter;
import org.openrewrite.java.tree.J;

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
        private final int budget;
        private final Map<J, String> written = new IdentityHashMap<>();

        public FileLines(J.CompilationUnit cu) {
            this.budget = lineBudget(cu);
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
        public @Nullable String refusal(Cursor cursor, J original, String text, String what, boolean noLongerFits) {
            int width = lineWidthWith(cursor, original, text);
            if (width < 0) {
                return "the call is written over several lines: on one, " + what + " would not read as this file's code";
            }
            if (width <= budget || noLongerFits && width <= lineWidthWith(cursor, original, original.printTrimmed(cursor))) {
                return null;
            }
            return what + " would make its line " + width + " characters long, longer than this file's code lines (" +
                   budget + ")";
        }

        /**
         * The width of the line that holds {@code original} once it is written as {@code text}; -1 when
         * {@code original} is written over several lines: the author wrapped it, and one line would not read as theirs.
         */
        int lineWidthWith(Cursor cursor, J original, String text) {
            if (original.printTrimmed(cursor.getParentOrThrow()).contains("\n")) {
                return -1;
            }
            J.CompilationUnit cu = cursor.firstEnclosingOrThrow(J.CompilationUnit.class);
            Map<J, String> texts = new IdentityHashMap<>(written);
            texts.put(original, MARK);
            String printed = printedWith(cu, texts, cursor);
            int at = printed.indexOf(MARK);
            if (at < 0) {
                return -1;
            }
            int start = printed.lastIndexOf('\n', at) + 1;
            int end = printed.indexOf('\n', at);
            String line = printed.substring(start, end < 0 ? printed.length() : end);
            return width(line.replace(MARK, text));
        }
    }

    /** {@code cu} as it prints with each of the given trees written as its text instead (a tree inside another is left to it). */
    private static String printedWith(J.CompilationUnit cu, Map<J, String> texts, Cursor cursor) {
        Map<J, int[]> ranges = new IdentityHashMap<>();
        for (J tree : texts.keySet()) {
            ranges.put(tree, new int[]{-1, -1});
        }
        PrintOutputCapture<Integer> capture = new PrintOutputCapture<>(0);
        new RangePrinter(ranges).visit(cu, capture);
        StringBuilder printed = new StringBuilder(capture.getOut());
        List<J> trees = new ArrayList<>(texts.keySet());
        trees.sort(Comparator.comparingInt((J tree) -> ranges.get(tree)[0]).reversed());
        int replacedFrom = Integer.MAX_VALUE;
        for (J tree : trees) {
            int[] range = ranges.get(tree);
            String trimmed = tree.printTrimmed(cursor);
            int start = range[1] - trimmed.length();
            if (range[0] < 0 || start < range[0] || range[1] > replacedFrom) {
                continue; // not printed, or inside a tree already written as its text
            }
            printed.replace(start, range[1], texts.get(tree));
            replacedFrom = start;
        }
        return printed.toString();
    }

    /** Prints a file and notes where each of the given trees starts (its prefix included) and ends. */
    private static final class RangePrinter extends JavaPrinter<Integer> {
        private final Map<J, int[]> ranges;

        RangePrinter(Map<J, int[]> ranges) {
            this.ranges = ranges;
        }

        @Override
        public @Nullable J visit(@Nullable Tree tree, PrintOutputCapture<Integer> p) {
            int[] range = tree == null ? null : ranges.get(tree);
            if (range == null) {
                return super.visit(tree, p);
            }
            range[0] = p.getOut().length();
            J visited = super.visit(tree, p);
            range[1] = p.getOut().length();
            return visited;
        }
    }
}
