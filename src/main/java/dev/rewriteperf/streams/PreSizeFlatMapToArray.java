package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

public class PreSizeFlatMapToArray extends Recipe {

    private static final MethodMatcher TO_ARRAY = new MethodMatcher("java.util.stream.Stream toArray(..)");

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
        return Preconditions.check(new UsesMethod<>("java.util.stream.Stream flatMap(..)"), new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
                J.Block b = super.visitBlock(block, ctx);
                return LoopSite.applyScheduled(getCursor(), b, candidates, ctx);
            }

            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
                J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
                if (!TO_ARRAY.matches(m)) {
                    return m;
                }
                Set<String> imports = new LinkedHashSet<>();
                FlatMapPipeline pipeline = FlatMapPipeline.of(m, getCursor(), imports);
                if (pipeline == null) {
                    return m;
                }
                LoopSite site = LoopSite.of(getCursor());
                String refusal = pipeline.refusal != null ? pipeline.refusal : site.refusal;
                if (refusal == null) {
                    refusal = TypeText.clash(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
                }
                if (refusal != null) {
                    candidates.recordSkip(ctx, getCursor(), m, refusal);
                    return m;
                }
                site.schedule(getCursor(), filledArray(pipeline, site, imports));
                for (String type : imports) {
                    maybeAddImport(type);
                }
                maybeRemoveImport("java.util.stream.Stream");
                maybeRemoveImport("java.util.Arrays");
                return m;
            }

            /**
             * {@code T[] result = new T[size * k]; int i = 0; for (E e : source) { result[i++] = e1; ... }},
             * the source, the size and the elements being the pipeline's own trees.
             */
            private FilledArray filledArray(FlatMapPipeline pipeline, LoopSite site, Set<String> imports) {
                FreshNames names = FreshNames.near(getCursor());
                String array = site.arrayName(names);
                String index = names.takeIndex();
                int k = pipeline.elements.size();
                String length = pipeline.source.sizeTemplate() + (k == 1 ? "" : " * " + k);
                StringBuilder code = new StringBuilder()
                        .append(pipeline.generator.componentText).append("[] ").append(array).append(" = new ")
                        .append(LoopSite.newArray(pipeline.generator.componentText, length)).append(";\n")
                        .append("int ").append(index).append(" = 0;\n")
                        .append("for (").append(TypeText.asImported(pipeline.elementType, getCursor().firstEnclosingOrThrow(J.CompilationUnit.class))).append(' ').append(pipeline.parameter).append(" : ")
                        .append(pipeline.source.iterableTemplate()).append(") {\n");
                List<J> parameters = new ArrayList<>();
                parameters.add(pipeline.source.counted);
                parameters.add(pipeline.source.iterable);
                for (Expression element : pipeline.elements) {
                    code.append(array).append('[').append(index).append("++] = #{any()};\n");
                    parameters.add(element);
                }
                code.append('}');
                return new FilledArray(code.toString(), parameters, imports, array, pipeline.parameter, pipeline.generator.arrayType,
                        pipeline.generator.componentTree, pipeline.declaredType, pipeline.elementJavaType);
            }
        });
    }
}
