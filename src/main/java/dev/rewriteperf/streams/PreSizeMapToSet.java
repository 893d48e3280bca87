package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.recipes.MagicNumberRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesMethod;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class PreSizeMapToSet extends MagicNumberRecipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Fill a sized `HashSet` instead of `collect(Collectors.toSet())`";
    }

    @Override
    public String getDescription() {
        return "`source.stream().map(e -> f(e)).collect(Collectors.toSet())` becomes a `HashSet` sized for the source " +
               "(`HashSet.newHashSet(n)` on Java 19+) filled by a plain loop, and `source.stream().collect(Collectors.toSet())` " +
               "becomes `new HashSet<>(source)`. Pipelines with filters, concurrent sources, a collection class of the project and a set of another " +
               "element type than the source's are left alone. **Warning:** a larger table can change the set's " +
               "iteration order. " + Measured.sentence(PreSizeMapToSet.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "streams", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(2);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(MagicNumbers numbers) {
        TreeVisitor<?, ExecutionContext> loops = PerElementLoopVisitor.intoSet(spots, "map", numbers);
        TreeVisitor<?, ExecutionContext> copies = new StreamCopiedIntoSet(spots);
        return Preconditions.check(Preconditions.or(new UsesMethod<>("java.util.stream.Collectors toSet()"),
                        new UsesMethod<>("java.util.stream.Collectors toCollection(..)")),
                FileFormat.keptBy(new TreeVisitor<Tree, ExecutionContext>() {
                    @Override
                    public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                        return copies.visit(loops.visit(tree, ctx), ctx);
                    }
                }));
    }
}
