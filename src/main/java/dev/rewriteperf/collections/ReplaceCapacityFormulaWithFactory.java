package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.Release;
import dev.rewriteperf.analysis.ReleaseDependentRecipe;
import dev.rewriteperf.analysis.ReleasePromises;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class ReplaceCapacityFormulaWithFactory extends ReleaseDependentRecipe {

    private final transient PerformanceCandidates candidates;

    public ReplaceCapacityFormulaWithFactory() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public ReplaceCapacityFormulaWithFactory(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Replace hand-written hash capacity formulas with the Java 19 factories";
    }

    @Override
    public String getDescription() {
        return "Hand-written capacity formulas such as `(int) (n / 0.75f) + 1`, `(int) Math.ceil(n / 0.75)` or `n " +
               "* 4 / 3 + 1` become `HashMap.newHashMap(n)` and its siblings, which never resize for `n` elements " +
               "and never allocate a larger table. Files that target Java before 19 are left alone and listed in " +
               "the data table. **Warning:** a different table size can change the iteration order of " +
               "`HashMap`/`HashSet`. Measured (96 entries, where `n / 0.75 + 1` doubles the table, paired runs): " +
               "4,160 -> 3,648 B/op, equal at most sizes; time JDK 25: 1.08x faster (95 % interval 1.03-1.13x). " +
               "The factories need Java 19: no JDK 17 figure.";
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
                FileFormat.keptBy(new CapacityFormulaVisitor(candidates)));
    }

    /** Replaces each hash collection constructor whose capacity is a formula for {@code n} elements by the factory. */
    private static final class CapacityFormulaVisitor extends CapacityConstructorVisitor {

        CapacityFormulaVisitor(PerformanceCandidates candidates) {
            super(candidates);
        }

        @Override
        J visitCapacityConstructor(J.NewClass construction, HashCollection kind, Expression capacity, ExecutionContext ctx) {
            Expression count = CapacityFormulas.elementCountOf(capacity);
            if (count == null) {
                return construction;
            }
            Release release = ReleasePromises.at(getCursor(), ctx);
            if (!release.has(HashCollection.FACTORY_RELEASE)) {
                if (CapacityFormulas.isJdkFormula(capacity)) {
                    // Already the best this release allows: the formula the JDK's factories compute, which
                    // SizeHashCollectionsForElementCount and PreSizeCollectionFilledByLoop write before Java 19.
                    return construction;
                }
                candidates.recordSkip(ctx, getCursor(), construction,
                        kind.simpleName() + "." + kind.factory + " " + release.refusal(HashCollection.FACTORY_RELEASE));
                return construction;
            }
            String refusal = Sizing.factoryRefusal(construction);
            if (refusal != null) {
                candidates.recordSkip(ctx, getCursor(), construction, refusal);
                return construction;
            }
            if (!candidates.mayChange(ctx, getCursor(), construction)) {
                return construction;
            }
            J sized = Sizing.factory(getCursor(), construction, kind, Sizing.Count.of(count), ctx);
            candidates.recordChange(ctx, getCursor(), construction, sized);
            return sized;
        }
    }
}
