package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.analysis.LocalVariables;
import dev.rewriteperf.analysis.SimpleNames;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
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
 * Rewrites {@code source.stream().<operation>(..).toArray(..)} into a pre-sized array, or
 * {@code source.stream().<operation>(..).collect(Collectors.toList())} into a pre-sized {@code ArrayList},
 * filled by a for-each loop, for the per-element operations {@link PerElementPipeline} understands
 * ({@code flatMap} to a fixed number of elements, {@code map}), and records every candidate it leaves alone.
 */
final class PerElementLoopVisitor extends JavaIsoVisitor<ExecutionContext> {

    private static final MethodMatcher TO_ARRAY = new MethodMatcher("java.util.stream.Stream toArray(..)");
    private static final MethodMatcher COLLECT = new MethodMatcher("java.util.stream.Stream collect(java.util.stream.Collector)");

    private final PerformanceCandidates candidates;
    private final String operation;
    private final boolean intoList;

    private PerElementLoopVisitor(PerformanceCandidates candidates, String operation, boolean intoList) {
        this.candidates = candidates;
        this.operation = operation;
        this.intoList = intoList;
    }

    static PerElementLoopVisitor intoArray(PerformanceCandidates candidates, String operation) {
        return new PerElementLoopVisitor(candidates, operation, false);
    }

    static PerElementLoopVisitor intoList(PerformanceCandidates candidates, String operation) {
        return new PerElementLoopVisitor(candidates, operation, true);
    }

    @Override
    public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
        J.Block b = super.visitBlock(block, ctx);
        return LoopSite.applyScheduled(getCursor(), b, candidates, ctx);
    }

    @Override
    public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
        boolean candidate = intoList ? COLLECT.matches(m) && ListCollector.isCandidate(m) : TO_ARRAY.matches(m);
        if (!candidate) {
            return m;
        }
        Set<String> imports = new LinkedHashSet<>();
        Destination destination = intoList ? ListCollector.of(m, getCursor(), imports) : ArrayGenerator.of(m, getCursor());
        FreshNames names = FreshNames.near(getCursor());
        PerElementPipeline<?> pipeline = PerElementPipeline.of(m, destination, operation, getCursor(), names, imports);
        if (pipeline == null) {
            return m;
        }
        LoopSite site = LoopSite.of(getCursor());
        String refusal = pipeline.refusal != null ? pipeline.refusal : site.refusal;
        if (refusal == null && intoList) {
            refusal = site.declaredTypeRefusal();
        }
        if (refusal == null) {
            refusal = SimpleNames.clash(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
        }
        if (refusal != null) {
            candidates.recordSkip(ctx, getCursor(), m, refusal);
            return m;
        }
        site.schedule(getCursor(), filled(pipeline, site, names, imports));
        for (String type : imports) {
            maybeAddImport(type);
        }
        maybeRemoveImport("java.util.stream.Stream");
        maybeRemoveImport("java.util.stream.Collectors");
        maybeRemoveImport("java.util.stream.Collectors.toList");
        maybeRemoveImport("java.util.stream.Collectors.toCollection");
        maybeRemoveImport("java.util.Arrays");
        return m;
    }

    /**
     * {@code T[] result = new T[size * k]; int i = 0; for (E e : source) { result[i++] = e1; ... }}, or
     * {@code List<R> result = new ArrayList<>(size); for (E e : source) { result.add(e1); }}: the source, the
     * size and the elements being the pipeline's own trees.
     */
    private FilledLoop filled(PerElementPipeline<?> pipeline, LoopSite site, FreshNames names, Set<String> imports) {
        String filled = site.arrayName(names);
        String index = intoList ? null : names.takeIndex();
        int k = pipeline.elements.size();
        String length = pipeline.source.sizeTemplate() + (k == 1 ? "" : " * " + k);
        StringBuilder code = new StringBuilder();
        code.append(LocalVariables.finalModifierAt(getCursor()));
        if (intoList) {
            imports.add("java.util.ArrayList");
            code.append(((ListCollector) pipeline.destination).listText).append(' ').append(filled)
                    .append(" = new ArrayList<>(").append(length).append(");\n");
        } else {
            String component = ((ArrayGenerator) pipeline.destination).componentText;
            code.append(component).append("[] ").append(filled).append(" = new ")
                    .append(LoopSite.newArray(component, length)).append(";\n")
                    .append("int ").append(index).append(" = 0;\n");
        }
        code.append("for (").append(TypeText.asWrittenAt(pipeline.elementType, getCursor()))
                .append(' ').append(pipeline.parameter).append(" : ").append(pipeline.source.iterableTemplate()).append(") {\n");
        List<J> parameters = new ArrayList<>();
        parameters.add(pipeline.source.counted);
        parameters.add(pipeline.source.iterable);
        for (Expression element : pipeline.elements) {
            code.append(intoList ? filled + ".add(#{any(java.lang.Object)});\n" : filled + '[' + index + "++] = #{any(java.lang.Object)};\n");
            parameters.add(element);
        }
        code.append('}');
        if (intoList) {
            return FilledLoop.list(code.toString(), parameters, imports, filled, pipeline.parameter,
                    ((ListCollector) pipeline.destination).listType, pipeline.declaredType, pipeline.elementJavaType);
        }
        ArrayGenerator generator = (ArrayGenerator) pipeline.destination;
        return FilledLoop.array(code.toString(), parameters, imports, filled, pipeline.parameter, generator.arrayType,
                generator.componentTree, pipeline.declaredType, pipeline.elementJavaType);
    }
}
