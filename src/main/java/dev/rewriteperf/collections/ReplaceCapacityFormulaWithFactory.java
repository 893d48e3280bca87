package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.JavaVersions;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class ReplaceCapacityFormulaWithFactory extends Recipe {

    private final transient PerformanceCandidates candidates = new PerformanceCandidates(this);

    @Override
    public String getDisplayName() {
        return "Replace hand-written hash capacity formulas with the Java 19 factories";
    }

    @Override
    public String getDescription() {
        return "Code that sizes a hash collection for `n` elements by hand, with `(int) (n / 0.75f) + 1`, " +
               "`(int) Math.ceil(n / 0.75)`, `n * 4 / 3 + 1` and their variants, says the same as " +
               "`HashMap.newHashMap(n)` (and `HashSet.newHashSet`, `LinkedHashMap.newLinkedHashMap`, " +
               "`LinkedHashSet.newLinkedHashSet`, `WeakHashMap.newWeakHashMap`) on Java 19+. The factory never " +
               "resizes for `n` elements and never allocates a larger table than the formulas: `n / 0.75 + 1` " +
               "doubles the table when `n` is three quarters of a power of two (measured in `benchmarks/`: " +
               "576 -> 512 B/op at 12 entries, 4,160 -> 3,648 B/op at 96, equal elsewhere), and `n * 4 / 3` " +
               "without `+ 1` undersizes small maps. Files that target an older Java " +
               "are left alone and reported. **Warning:** a different table size can change the iteration order " +
               "of `HashMap`/`HashSet`, which tests sometimes wrongly depend on.";
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
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(HashCollection.capacityConstructorCalledInFile(),
                FileFormat.keptBy(new CapacityFormulaVisitor(candidates)));
    }

    /** Replaces each {@code new HashMap<>(formula)} and sibling whose capacity is a formula for {@code n} elements. */
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
            int release = JavaVersions.targetRelease(getCursor());
            if (release < HashCollection.FACTORY_RELEASE) {
                if (CapacityFormulas.isJdkFormula(capacity)) {
                    // Already the best this release allows: the formula the JDK's factories compute, which
                    // SizeHashCollectionsForElementCount and PreSizeCollectionFilledByLoop write before Java 19.
                    return construction;
                }
                candidates.recordSkip(ctx, getCursor(), construction,
                        "Java " + release + " target: " + kind.simpleName() + "." + kind.factory + " needs Java 19");
                return construction;
            }
            String refusal = Sizing.factoryRefusal(construction);
            if (refusal != null) {
                candidates.recordSkip(ctx, getCursor(), construction, refusal);
                return construction;
            }
            J sized = Sizing.factory(getCursor(), construction, kind, Sizing.Count.of(count));
            candidates.recordChange(ctx, getCursor(), construction, sized);
            return sized;
        }
    }
}
