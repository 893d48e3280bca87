package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.project.MagicNumbers;
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

public class PreSizeMapToArray extends Recipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Fill a pre-sized array instead of `map(e -> ..).toArray()`";
    }

    @Override
    public String getDescription() {
        return "`source.stream().map(e -> f(e)).toArray(T[]::new)` becomes `new T[source.size()]` filled by a plain " +
               "loop, evaluating the same expression per element in the same order. Concurrent sources and results " +
               "that need a cast are left alone. " + Measured.sentence(PreSizeMapToArray.class);
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
                        new UsesMethod<>("java.util.stream.Stream toArray(..)")),
                FileFormat.keptBy(PerElementLoopVisitor.intoArray(spots, "map", MagicNumbers.none())));
    }
}
