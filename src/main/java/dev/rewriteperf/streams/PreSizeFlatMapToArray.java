package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.recipes.MagicNumberRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesMethod;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class PreSizeFlatMapToArray extends MagicNumberRecipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Fill a pre-sized array instead of `flatMap(e -> Stream.of(..)).toArray()`";
    }

    @Override
    public String getDescription() {
        return "`source.stream().flatMap(e -> Stream.of(a, b)).toArray(T[]::new)` becomes an array of `size * k` " +
               "filled by a plain loop, evaluating the same expressions in the same order. Pipelines with filters, " +
               "sorting or concurrent sources are left alone. " + Measured.sentence(PreSizeFlatMapToArray.class);
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
        return Preconditions.check(Preconditions.and(
                        new UsesMethod<>("java.util.stream.Stream flatMap(..)"),
                        new UsesMethod<>("java.util.stream.Stream toArray(..)")),
                FileFormat.keptBy(PerElementLoopVisitor.intoArray(spots, "flatMap", numbers)));
    }
}
