package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FileFormat;
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

public class PreSizeMapToList extends Recipe {

    private final transient PerformanceCandidates candidates;

    public PreSizeMapToList() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public PreSizeMapToList(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Fill a pre-sized `ArrayList` instead of `map(e -> ..).collect(Collectors.toList())`";
    }

    @Override
    public String getDescription() {
        return "`source.stream().map(e -> f(e)).collect(Collectors.toList())` (or `toCollection(ArrayList::new)`) " +
               "over a collection, map view or array becomes `new ArrayList<>(source.size())` filled by a plain " +
               "`for` loop that evaluates the same expression per element in the same order; a source that is a " +
               "call or a cast is first evaluated once into a local named for it; chained `map` calls become one " +
               "expression, `g(f(e))`, where each later function reads its value first and once; a block lambda " +
               "ending in its only `return` runs its statements in the loop's body. `Stream.toList()`, variables " +
               "declared with `var` or a type without `add`, map views of a call, and concurrent sources are left " +
               "alone and listed in the data table. A list only added to a local `ArrayList` or `LinkedList` (or a " +
               "hash set of strings, boxed values or enums) that nothing else can see while the loop runs is not " +
               "made at all: the loop adds to that collection. **Warning:** the source's size is read before the " +
               "loop. Measured (1000 elements, paired runs): 15,272 -> 4,040 B/op, the list and its exact backing " +
               "array; JDK 25: 1.56x faster (95 % interval 1.38-1.77x); JDK 17: 1.84x faster (95 % interval " +
               "1.58-2.14x). Added to a local list: 23,344 -> 15,024 B/op; JDK 25: 1.55x faster (95 % interval " +
               "1.47-1.64x); JDK 17: 1.49x faster (95 % interval 1.46-1.52x).";
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
                FileFormat.keptBy(PerElementLoopVisitor.intoList(candidates, "map")));
    }
}
