package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.project.Release;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.recipes.ReleaseDependentRecipe;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.HashTables;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class ReplaceCapacityFormulaWithFactory extends ReleaseDependentRecipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Replace hand-written hash capacity formulas with the Java 19 factories";
    }

    @Override
    public String getDescription() {
        return "Hand-written capacity formulas such as `(int) (n / 0.75f) + 1` become `HashMap.newHashMap(n)` and " +
               "its siblings, which never resize for `n` elements. Files for Java before 19 are left alone. " +
               "**Warning:** a different table size can change iteration order. " + Measured.sentence(ReplaceCapacityFormulaWithFactory.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "collections", "java19"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    protected TreeVisitor<?, ExecutionContext> editor() {
        return Preconditions.check(HashCollection.capacityConstructorCalledInFile(),
                FileFormat.keptBy(new CapacityFormulaVisitor(spots)));
    }

    /** Replaces each hash collection constructor whose capacity is a formula for {@code n} elements by the factory. */
    private static final class CapacityFormulaVisitor extends CapacityConstructorVisitor {

        CapacityFormulaVisitor(Spots spots) {
            super(spots);
        }

        @Override
        J visitCapacityConstructor(J.NewClass construction, HashCollection kind, Expression capacity, ExecutionContext ctx) {
            Expression count = CapacityFormulas.elementCountOf(capacity);
            if (count == null) {
                return construction;
            }
            Release release = ReleasePromises.at(getCursor(), ctx);
            if (!release.has(HashTables.FACTORY_RELEASE)) {
                if (CapacityFormulas.isJdkFormula(capacity)) {
                    // Already the best this release allows: the formula the JDK's factories compute, which
                    // SizeHashCollectionsForElementCount and PreSizeCollectionFilledByLoop write before Java 19.
                    return construction;
                }
                spots.leftAlone(ctx, getCursor(), construction,
                        kind.simpleName() + "." + kind.factory + " " + release.reason(HashTables.FACTORY_RELEASE));
                return construction;
            }
            String reason = Sizing.factoryReason(construction);
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), construction, reason);
                return construction;
            }
            if (!spots.mayRewrite(ctx, getCursor(), construction)) {
                return construction;
            }
            J sized = Sizing.factory(getCursor(), construction, kind, Sizing.Count.of(count), ctx);
            spots.rewritten(ctx, getCursor(), construction, sized);
            return sized;
        }
    }
}
