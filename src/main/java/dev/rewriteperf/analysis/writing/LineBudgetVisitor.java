package dev.rewriteperf.analysis.writing;

import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.J;

import java.util.HashMap;
import java.util.Map;

/**
 * A visitor that replaces expressions by longer text and keeps each file's lines within the file's own budget
 * ({@link LineLengths}): it measures every replacement on its line as the file will print, earlier replacements
 * included.
 * <p>
 * Identical spots of one method are rewritten all or none: a reviewer reads one regex precompiled and the same regex
 * compiled on every call two lines below as a mistake. So each method is visited twice: first only measuring
 * ({@link #isMeasuring()}: a subclass returns each spot unchanged and unrecorded once it has asked
 * {@link #lineReason}), noting every spot whose line would not fit; then for real, when a spot identical to one
 * that would not fit is left alone too, with that reason.
 */
public abstract class LineBudgetVisitor extends JavaVisitor<ExecutionContext> {
    private LineLengths.@Nullable FileLines lines;
    private boolean measuring;
    /** In the method being visited: the spots (by their key) whose rewrite would not fit its line, and why. */
    private Map<String, String> unfit = new HashMap<>();

    @Override
    public J visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
        lines = new LineLengths.FileLines(cu);
        return super.visitCompilationUnit(cu, ctx);
    }

    /**
     * Whether the subclass takes part in the all-or-none rule: it asks {@link #isMeasuring()} before it records or
     * rewrites a spot, and gives {@link #lineReason} a key for identical spots.
     */
    protected boolean rewritesIdenticalSpotsAlike() {
        return false;
    }

    @Override
    public J visitMethodDeclaration(J.MethodDeclaration method, ExecutionContext ctx) {
        if (measuring || !rewritesIdenticalSpotsAlike()) {
            return super.visitMethodDeclaration(method, ctx);
        }
        Map<String, String> enclosing = unfit;
        unfit = new HashMap<>();
        measuring = true;
        try {
            super.visitMethodDeclaration(method, ctx);
        } finally {
            measuring = false;
        }
        try {
            return super.visitMethodDeclaration(method, ctx);
        } finally {
            unfit = enclosing;
        }
    }

    /** The first pass over a method: a spot is only measured, never rewritten nor recorded. */
    protected boolean isMeasuring() {
        return measuring;
    }

    /** {@link #lineReason(J, String, String, boolean, String)} for spots identical when their code is. */
    protected @Nullable String lineReason(J original, String text, String what, boolean noLongerFits) {
        return lineReason(original, text, what, noLongerFits, original.printTrimmed(getCursor().getParentOrThrow()));
    }

    /**
     * Why {@code original}, the expression at the cursor, written as {@code text} would not read as this file's code
     * ({@code what} names the text in the reason); null when it would. When {@code noLongerFits}, a line no longer
     * than it was always fits. Spots with the same {@code spot} key are identical: where one of the method's would
     * not fit, the others are left alone too.
     */
    protected @Nullable String lineReason(J original, String text, String what, boolean noLongerFits, String spot) {
        String reason = lines().reason(getCursor(), original, text, what, noLongerFits);
        if (measuring) {
            if (reason != null) {
                unfit.putIfAbsent(spot, reason);
            }
            return reason;
        }
        String identical = unfit.get(spot);
        return reason != null || identical == null ? reason :
                "an identical spot in this method is left alone (" + identical + "): its spots are rewritten all or none";
    }

    /**
     * Why a spot with the key {@code spot} is left alone as one identical to a spot of this method that would not fit
     * its line ({@link #lineReason}); null when none is, and while measuring. For a spot written otherwise than on its
     * own line, which {@link #lineReason} does not measure.
     */
    protected @Nullable String identicalSpotReason(String spot) {
        String identical = measuring ? null : unfit.get(spot);
        return identical == null ? null :
                "an identical spot in this method is left alone (" + identical + "): its spots are rewritten all or none";
    }

    /**
     * Whether {@code original}, the expression at the cursor, written as {@code text} would fit its line, as
     * {@link #lineReason} measures it, without noting anything: to choose between ways of writing it.
     */
    protected boolean fits(J original, String text, boolean noLongerFits) {
        return lines().reason(getCursor(), original, text, "", noLongerFits) == null;
    }

    /** Why a new member line (with its indentation) holding a string literal would be too long; null when it is not. */
    protected @Nullable String newStringLineReason(String line, String what) {
        return lines().newStringLineReason(line, what);
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
