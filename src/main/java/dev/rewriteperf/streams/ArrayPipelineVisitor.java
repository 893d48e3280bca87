package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Rewrites {@code source.stream().<operation>(..).toArray(..)} into a pre-sized array filled by a for-each
 * loop, for the per-element operations {@link PerElementPipeline} understands ({@code flatMap} to a fixed
 * number of elements, {@code map}), and records every candidate it leaves alone.
 */
final class ArrayPipelineVisitor extends JavaIsoVisitor<ExecutionContext> {

    private static final MethodMatcher TO_ARRAY = new MethodMatcher("java.util.stream.Stream toArray(..)");

    private final PerformanceCandidates candidates;
    private final String operation;

    ArrayPipelineVisitor(PerformanceCandidates candidates, String operation) {
        this.candidates = candidates;
        this.operation = operation;
    }

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
        PerElementPipeline pipeline = PerElementPipeline.of(m, operation, getCursor(), imports);
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
    private FilledArray filledArray(PerElementPipeline pipeline, LoopSite site, Set<String> imports) {
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
}
