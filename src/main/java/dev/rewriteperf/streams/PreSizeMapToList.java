package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesMethod;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class PreSizeMapToList extends Recipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Fill a pre-sized `ArrayList` instead of `map(e -> ..).collect(Collectors.toList())`";
    }

    @Override
    public String getDescription() {
        return "`source.stream().map(e -> f(e)).collect(Collectors.toList())` becomes `new " +
               "ArrayList<>(source.size())` filled by a plain loop; a list only added to a local list is not made " +
               "at all. `Stream.toList()` and concurrent sources are left alone. " + Measured.sentence(PreSizeMapToList.class);
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
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(Preconditions.and(
                        new UsesMethod<>("java.util.stream.Stream map(..)"),
                        new UsesMethod<>("java.util.stream.Stream collect(java.util.stream.Collector)")),
                FileFormat.keptBy(PerElementLoopVisitor.intoList(spots, "map")));
    }
}
