package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.PrintOutputCapture;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaPrinter;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The line each examined spot starts on, in the file as the recipe saw it: what code-scanning tools and IDEs need to
 * show a row where it is. The file is printed once, where its first row is recorded, noting where every tree's own text
 * starts (after its whitespace and comments); later rows of the same file read that index. Trees are found by id, which
 * a rewrite keeps, so a candidate taken from a partly rewritten subtree is still found.
 */
final class SourceLines {

    private @Nullable SourceFile indexed;
    private final Map<UUID, Integer> lines = new HashMap<>();

    /** The 1-based line of {@code candidate}, or of the nearest enclosing tree the index holds; 0 when none is known. */
    synchronized int lineOf(Cursor cursor, J candidate) {
        SourceFile file = cursor.firstEnclosing(SourceFile.class);
        if (!(file instanceof J.CompilationUnit)) {
            return 0;
        }
        if (file != indexed) {
            index((J.CompilationUnit) file);
        }
        Integer line = lines.get(candidate.getId());
        for (Cursor c = cursor; line == null && c != null; c = c.getParent()) {
            if (c.getValue() instanceof Tree) {
                line = lines.get(((Tree) c.getValue()).getId());
            }
        }
        return line == null ? 0 : line;
    }

    private void index(J.CompilationUnit cu) {
        lines.clear();
        new LinePrinter(lines).visit(cu, new PrintOutputCapture<>(0));
        indexed = cu;
    }

    /** Prints a file, noting the line on which each tree's own text starts. */
    private static final class LinePrinter extends JavaPrinter<Integer> {
        private final Map<UUID, Integer> lines;
        private int counted;
        private int line = 1;

        LinePrinter(Map<UUID, Integer> lines) {
            this.lines = lines;
        }

        @Override
        protected void beforeSyntax(J j, Space.Location loc, PrintOutputCapture<Integer> p) {
            super.beforeSyntax(j, loc, p);
            lines.putIfAbsent(j.getId(), lineAt(p.out));
        }

        /** The line the output has reached, counting only what was printed since the last call. */
        private int lineAt(StringBuilder out) {
            for (; counted < out.length(); counted++) {
                if (out.charAt(counted) == '\n') {
                    line++;
                }
            }
            return line;
        }
    }
}
