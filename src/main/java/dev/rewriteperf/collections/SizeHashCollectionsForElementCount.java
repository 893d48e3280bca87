package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.ElementCounts;
import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.JavaVersions;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaVisitor;
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
        return "`new HashMap<>(n)` takes a table capacity, not an element count, so filling it with `n` entries " +
               "resizes it once. Where `n` is an element count (a collection's or map's `size()`, an array's " +
               "`length`, or a local holding one), the constructor becomes `HashMap.newHashMap(n)` and its siblings " +
               "on Java 19+, or `new HashMap<>((int) Math.ceil(n / 0.75))` before that; constants and other " +
               "arguments are left alone and listed in the data table. **Warning:** a larger table can change the " +
               "iteration order of `HashMap`/`HashSet`, which tests sometimes wrongly depend on. Measured (JDK 25, " +
               "1000 entries): 58,322 -> 54,210 B/op, the discarded first table.";
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
        return Preconditions.check(HashCollection.usedInFile(), FileFormat.keptBy(new JavaVisitor<ExecutionContext>() {
            @Override
            public J visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
                J visited = super.visitNewClass(newClass, ctx);
                if (!(visited instanceof J.NewClass)) {
                    return visited;
                }
                J.NewClass construction = (J.NewClass) visited;
                HashCollection kind = HashCollection.ofCapacityConstructor(construction);
                if (kind == null) {
                    return construction;
                }
                Expression argument = construction.getArguments().get(0);
                if (CapacityFormulas.elementCountOf(argument) != null) {
                    return construction; // ReplaceCapacityFormulaWithFactory's
                }
                if (CapacityFormulas.isConstant(argument)) {
                    candidates.recordSkip(ctx, getCursor(), construction, "the argument is a constant the author chose");
                    return construction;
                }
                if (!ElementCounts.isElementCount(argument, getCursor())) {
                    candidates.recordSkip(ctx, getCursor(), construction, "the argument is not a known element count");
                    return construction;
                }
                String refusal = Sizing.factoryRefusal(construction);
                if (refusal != null) {
                    candidates.recordSkip(ctx, getCursor(), construction, refusal);
                    return construction;
                }
                Sizing.Count count = Sizing.Count.of(argument);
                J sized;
                if (JavaVersions.targetRelease(getCursor()) >= HashCollection.FACTORY_RELEASE) {
                    sized = Sizing.factory(getCursor(), construction, kind, count);
                } else {
                    sized = Sizing.capacityConstructor(getCursor(), construction, count);
                }
                candidates.recordChange(ctx, getCursor(), construction, sized);
                return sized;
            }
        }));
    }
}
