package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.MagicNumbers;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesMethod;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

public class PreSizeMapToArray extends Recipe {

    private final transient PerformanceCandidates candidates;

    public PreSizeMapToArray() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public PreSizeMapToArray(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Fill a pre-sized array instead of `map(e -> ..).toArray()`";
    }

    @Override
    public String getDescription() {
        return "`source.stream().map(e -> f(e)).toArray(T[]::new)` over a collection, map view or array becomes " +
               "`new T[source.size()]` filled by a plain `for` loop that evaluates the same expression per element " +
               "in the same order; a method reference to a type, `this` or a class literal (`Type.class::cast`) " +
               "becomes a call, and a source that is a call or a cast is first evaluated once into a local. " +
               "Chained `map` calls become one expression, `g(f(e))`, where each later function reads its value " +
               "first and once; a block lambda ending in its only `return` runs its statements in the loop's body. " +
               "Bound references to other objects, map views of a call, concurrent sources and results that need a " +
               "cast are left alone and listed in the data table. **Warning:** the source's size is read before " +
               "the loop. A sized stream already allocates the exact array, so the gain is mostly time: measured " +
               "(1000 elements, paired runs) 4,208 -> 4,016 B/op; JDK 25: 1.98x faster (95 % interval 1.85-2.11x); " +
               "JDK 17: 1.34x faster (95 % interval 1.30-1.39x).";
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
                FileFormat.keptBy(PerElementLoopVisitor.intoArray(candidates, "map", MagicNumbers.none())));
    }
}
