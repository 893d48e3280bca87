package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.evaluation.Constants;
import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.recipes.MagicNumberRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class SizeHashCollectionsForElementCount extends MagicNumberRecipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Size hash collections for their element count";
    }

    @Override
    public String getDescription() {
        return "`new HashMap<>(n)` takes a capacity, not an element count, so `n` entries resize it once. Where `n` " +
               "counts what is added next, it becomes `HashMap.newHashMap(n)` (Java 19+) or `(int) Math.ceil(n / " +
               "0.75)`; other sizes are left alone. **Warning:** a larger table can change iteration order. " + Measured.sentence(SizeHashCollectionsForElementCount.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "collections", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(MagicNumbers numbers) {
        return Preconditions.check(HashCollection.capacityConstructorCalledInFile(),
                FileFormat.keptBy(new CapacityArgumentVisitor(spots, numbers)));
    }

    /** Sizes for its element count each hash collection constructor given one as its capacity. */
    private static final class CapacityArgumentVisitor extends CapacityConstructorVisitor {

        private final MagicNumbers numbers;

        CapacityArgumentVisitor(Spots spots, MagicNumbers numbers) {
            super(spots);
            this.numbers = numbers;
        }

        @Override
        J visitCapacityConstructor(J.NewClass construction, HashCollection kind, Expression argument, ExecutionContext ctx) {
            if (CapacityFormulas.elementCountOf(argument) != null) {
                return construction; // a capacity formula: ReplaceCapacityFormulaWithFactory rewrites or reports it
            }
            String reason = Sizing.factoryReason(construction);
            if (reason == null) {
                reason = argumentReason(argument);
            }
            if (reason == null) {
                reason = Sizing.formulaReason(getCursor(), numbers, ctx);
            }
            J sized = reason == null ? Sizing.sizedFor(getCursor(), construction, kind, Sizing.Count.of(argument), ctx) : null;
            if (sized != null) {
                reason = lineReason(construction, sized);
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), construction, reason);
                return construction;
            }
            if (!spots.mayRewrite(ctx, getCursor(), construction)) {
                return construction;
            }
            spots.rewritten(ctx, getCursor(), construction, sized);
            return sized;
        }

        /** Why the capacity argument is not taken for an element count; null when it is one. */
        private @Nullable String argumentReason(Expression argument) {
            if (Constants.isChosenNumber(argument)) {
                return "the argument is a constant the author chose";
            }
            if (!ElementCounts.isElementCount(argument, getCursor())) {
                return "the argument is not a known element count";
            }
            return FillingLoop.countReason(getCursor(), argument);
        }
    }
}
