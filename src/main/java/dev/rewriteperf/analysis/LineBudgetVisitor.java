package dev.rewriteperf.analysis;

import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.J;

/**
 * A visitor that replaces expressions by longer text and keeps each file's lines within the file's own budget
 * ({@link LineLengths}): it measures every replacement on its line as the file will print, earlier replacements
 * included.
 */
public abstract class LineBudgetVisitor extends JavaVisitor<ExecutionContext> {
    private LineLengths.@Nullable FileLines lines;

    @Override
    public J visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
        lines = new LineLengths.FileLines(cu);
        return super.visitCompilationUnit(cu, ctx);
    }

    /**
     * Why {@code original}, the expression at the cursor, written as {@code text} would not read as this file's code
     * ({@code what} names the text in the reason); null when it would. When {@code noLongerFits}, a line no longer
     * than it was always fits.
     */
    protected @Nullable String lineRefusal(J original, String text, String what, boolean noLongerFits) {
        return lines().refusal(getCursor(), original, text, what, noLongerFits);
    }

    /** Why a new member line (with its indentation) holding a string literal would be too long; null when it is not. */
    protected @Nullable String newStringLineRefusal(String line, String what) {
        return lines().newStringLineRefusal(line, what);
    }

    /** {@code original} is now written as {@code text}: later lengths on its line count it so. */
    protected void written(J original, String text) {
        lines().record(original, text);
    }

    private LineLengths.FileLines lines() {
        if (lines == null) {
            throw new IllegalStateException(getClass().getName() + " measures lines of a compilation unit it visits");
        }
        return lines;
    }
}
