package dev.rewriteperf.analysis.recipes;

import dev.rewriteperf.analysis.project.ReleasePromises;
import org.openrewrite.ExecutionContext;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.TreeVisitor;

/**
 * A recipe whose rewrite needs a Java release and that scans nothing else: before it changes a file it reads the
 * release each module promises ({@link ReleasePromises}), which its visitor asks with
 * {@link ReleasePromises#at}. Recipes with a scan of their own add {@link ReleasePromises#scanner()} to it.
 */
public abstract class ReleaseDependentRecipe extends ScanningRecipe<ReleaseDependentRecipe.Scanned> {

    /** Nothing of the recipe's own: the poms read are kept in the run's context, shared by every recipe. */
    public static final class Scanned {
    }

    @Override
    public final Scanned getInitialValue(ExecutionContext ctx) {
        return new Scanned();
    }

    @Override
    public final TreeVisitor<?, ExecutionContext> getScanner(Scanned scanned) {
        return ReleasePromises.scanner();
    }

    @Override
    public final TreeVisitor<?, ExecutionContext> getVisitor(Scanned scanned) {
        return editor();
    }

    /** The recipe's visitor, as {@code getVisitor()} of a plain recipe. */
    protected abstract TreeVisitor<?, ExecutionContext> editor();
}
