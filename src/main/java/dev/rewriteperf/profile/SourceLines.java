package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.PrintOutputCapture;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaPrinter;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The line each examined spot starts on, in the file as the run found it: what code-scanning tools, IDEs and the
 * report's diff hunks need to show a row where it is. A recipe sees the file as the recipes before it left it (an
 * import removed, a field added), so the first recipe that rewrites a file keeps the index of the file it was given,
 * for the run ({@link ExecutionContext}), and every later row of that file reads it; a file no recipe changed is
 * indexed as each recipe sees it, which is as it was found. The file is printed once, where a recipe records its first
 * row, noting where every tree's own text starts (after its whitespace and comments). Trees are found by id, which a
 * rewrite keeps, so a candidate taken from a partly rewritten subtree is still found; a tree a rewrite made is placed
 * at the nearest enclosing tree the file had.
 */
final class SourceLines {

    /** The run's message holding, by source path, the index of each file a recipe rewrote, as it was before. */
    private static final String BEFORE_REWRITES = "dev.rewriteperf.profile.SourceLines.beforeRewrites";

    private @Nullable SourceFile indexed;
    private final Map<UUID, Integer> lines = new HashMap<>();

    /**
     * The 1-based line of {@code candidate} in the file as the run found it, or of the nearest enclosing tree that file
     * had; 0 when none is known. {@code rewrites}: the recipe is about to change the file (its spot is rewritten).
     */
    synchronized int lineOf(ExecutionContext ctx, Cursor cursor, J candidate, boolean rewrites) {
        SourceFile file = cursor.firstEnclosing(SourceFile.class);
        if (!(file instanceof J.CompilationUnit)) {
            return 0;
        }
        Map<Path, Map<UUID, Integer>> beforeRewrites = ctx.computeMessageIfAbsent(BEFORE_REWRITES, k -> new ConcurrentHashMap<>());
        Map<UUID, Integer> index = beforeRewrites.get(file.getSourcePath());
        if (index == null) {
            if (file != indexed) {
                index((J.CompilationUnit) file);
            }
            index = lines;
            if (rewrites) {
                // the cursor holds the file as this recipe was given it: no recipe before it rewrote the file
                beforeRewrites.put(file.getSourcePath(), new HashMap<>(lines));
            }
        }
        Integer line = index.get(candidate.getId());
        for (Cursor c = cursor; line == null && c != null; c = c.getParent()) {
            if (c.getValue() instanceof Tree) {
                line = index.get(((Tree) c.getValue()).getId());
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
