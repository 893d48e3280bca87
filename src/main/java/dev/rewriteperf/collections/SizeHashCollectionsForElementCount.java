package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.ElementCounts;
import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
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

public class SizeHashCollectionsForElementCount extends Recipe {

    private final transient PerformanceCandidates candidates = new PerformanceCandidates(this);

    @Override
    public String getDisplayName() {
        return "Size hash collections for their element count";
    }

    @Override
    public String getDescription() {
        return "`new HashMap<>(list.size())` takes a table *capacity*, not an element count: the table resizes " +
               "once more than 0.75 × capacity entries go in, so filling it with `list.size()` entries rehashes " +
               "every entry once. Where the argument is an element count (`size()` of a collection or map, an " +
               "array's `length`, or a local that holds one), this recipe uses `HashMap.newHashMap(n)` and its " +
               "siblings on Java 19+, and `new HashMap<>((int) Math.ceil(n / 0.75))` before that. " +
               "Measured in `benchmarks/` (JDK 25, filling a `HashMap`): 8-13% fewer bytes, the discarded first " +
               "table (688 -> 608 B/op at 13 entries, 58,322 -> 54,210 B/op at 1000); time 1.0-2.4x faster, " +
               "within the benchmark machine's noise. Constants, capacities and other arguments are left alone " +
               "and reported. **Warning:** a larger table can change the iteration order of `HashMap`/`HashSet`, " +
               "which tests sometimes wrongly depend on.";
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
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(HashCollection.capacityConstructorCalledInFile(),
                FileFormat.keptBy(new CapacityArgumentVisitor(candidates)));
    }

    /** Sizes for its element count each {@code new HashMap<>(int)} and sibling given one. */
    private static final class CapacityArgumentVisitor extends CapacityConstructorVisitor {

        CapacityArgumentVisitor(PerformanceCandidates candidates) {
            super(candidates);
        }

        @Override
        J visitCapacityConstructor(J.NewClass construction, HashCollection kind, Expression argument, ExecutionContext ctx) {
            if (CapacityFormulas.elementCountOf(argument) != null) {
                return construction; // a capacity formula: ReplaceCapacityFormulaWithFactory rewrites or reports it
            }
            String refusal = argumentRefusal(argument);
            if (refusal == null) {
                refusal = Sizing.factoryRefusal(construction);
            }
            if (refusal != null) {
                candidates.recordSkip(ctx, getCursor(), construction, refusal);
                return construction;
            }
            J sized = Sizing.sizedFor(getCursor(), construction, kind, Sizing.Count.of(argument));
            candidates.recordChange(ctx, getCursor(), construction, sized);
            return sized;
        }

        /** Why the capacity argument is not taken for an element count; null when it is one. */
        private @Nullable String argumentRefusal(Expression argument) {
            if (CapacityFormulas.isConstant(argument)) {
                return "the argument is a constant the author chose";
            }
            if (!ElementCounts.isElementCount(argument, getCursor())) {
                return "the argument is not a known element count";
            }
            return null;
        }
    }
}
