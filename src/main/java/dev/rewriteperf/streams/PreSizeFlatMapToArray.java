package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FileFormat;
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

public class PreSizeFlatMapToArray extends Recipe {

    private final transient PerformanceCandidates candidates = new PerformanceCandidates(this);

    @Override
    public String getDisplayName() {
        return "Fill a pre-sized array instead of `flatMap(e -> Stream.of(..)).toArray()`";
    }

    @Override
    public String getDescription() {
        return "`source.stream().flatMap(e -> Stream.of(a, b)).toArray(T[]::new)` creates a stream for every " +
               "element and, since the pipeline's size is unknown, collects into growing buffers that are copied " +
               "into the array at the end. When the source is a collection, a map's entry set, key set or values, " +
               "or an array, and the lambda always returns the same number k of elements, the array is created " +
               "with `size * k` components and filled by a plain `for` loop over the same source, evaluating the " +
               "same element expressions in the same order. The pipeline must be the whole of a `return`, a " +
               "variable's initializer or an assignment, its source must be readable twice (size, then loop), " +
               "not a concurrent collection, and each element must fit the array without a cast. Pipelines with " +
               "`filter`, `sorted`, `peek`, `parallel` and the like are listed, with the reason, in the " +
               "`Performance candidates` data table. Measured in `benchmarks/` (JDK 25) on the six flatMap methods " +
               "of valkey-glide's ArrayTransformUtils: a map of 50 entries to keys and values allocates 416 B/op " +
               "instead of 7,336, exactly the output array, and runs 3.9-10.9x faster (medians); at 1000 entries " +
               "8,016 instead of 136,683 B/op, 4.9-10x faster. Where every element is also converted " +
               "(`Double.toString`, a factory) those objects remain: 2.0-2.5x fewer bytes, and time from equal to " +
               "1.7x faster. The loop reads the source's size first: a source that another thread resizes " +
               "meanwhile makes it fail where the stream would not, so sources declared as concurrent collections " +
               "are left alone; a concurrent map passed around as a plain `Map` cannot be recognised.";
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
                        new UsesMethod<>("java.util.stream.Stream flatMap(..)"),
                        new UsesMethod<>("java.util.stream.Stream toArray(..)")),
                FileFormat.keptBy(PerElementLoopVisitor.intoArray(candidates, "flatMap")));
    }
}
