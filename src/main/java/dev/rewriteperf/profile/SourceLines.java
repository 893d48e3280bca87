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
 * The line each examined spot starts on, in the file as the run found it: what code-scanning tools, IDEs and the
 * report's diff hunks need to show a row where it is. A recipe sees the file as the recipes before it left it (an
 * import removed, a field added), so a composite's scan keeps each file as found ({@link ProfileGate#asFound}) and the
 * line is read there; a recipe activated by its own name reads the file it was given. The file is printed once, where
 * a recipe records its first row in it, noting where every tree's own text starts (after its whitespace and
 * comments). Trees are found by id, which a rewrite keeps: a tree a rewrite made is placed at the nearest enclosing
 * tree the file had.
 */
final class SourceLines {

    private @Nullable SourceFile indexed;
    private final Map<UUID, Integer> lines = new HashMap<>();

    /**
     * The 1-based line of {@code candidate} in {@code asFound}, the file as the run found it (or, when null, the file
     * the recipe was given), or of the nearest enclosing tree the file had; 0 when none is known.
     */
    synchronized int lineOf(Cursor cursor, J candidate, J.@Nullable CompilationUnit asFound) {
        SourceFile given = cursor.firstEnclosing(SourceFile.class);
        SourceFile file = asFound != null ? asFound : given;
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
