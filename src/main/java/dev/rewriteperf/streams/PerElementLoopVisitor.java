package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.names.TypeText;
import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.writing.HashTables;
import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.analysis.writing.LineLengths;
import dev.rewriteperf.analysis.writing.SourceLocal;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
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
 * ({@code flatMap} to a fixed number of elements, {@code map}), and records every candidate it leaves alone. A
 * list that is only added to a local collection ({@link AddAllTarget}) is not made: the loop adds to that.
 */
final class PerElementLoopVisitor extends LoopSchedulingVisitor {

    private static final MethodMatcher TO_ARRAY = new MethodMatcher("java.util.stream.Stream toArray(..)");
    private static final MethodMatcher COLLECT = new MethodMatcher("java.util.stream.Stream collect(java.util.stream.Collector)");

    private final String operation;
    /** The list or set collected; null for an array. */
    private final CollectedCollection.@Nullable Kind collected;
    /**
     * The project's Checkstyle, for the element count per item a flatMap array is sized by ({@code size() * 3})
     * and the load factor a set is sized with before Java 19.
     */
    private final MagicNumbers numbers;

    private PerElementLoopVisitor(Spots spots, String operation, CollectedCollection.@Nullable Kind collected, MagicNumbers numbers) {
        super(spots);
        this.operation = operation;
        this.collected = collected;
        this.numbers = numbers;
    }

    static PerElementLoopVisitor intoArray(Spots spots, String operation, MagicNumbers numbers) {
        return new PerElementLoopVisitor(spots, operation, null, numbers);
    }

    static PerElementLoopVisitor intoList(Spots spots, String operation) {
        return new PerElementLoopVisitor(spots, operation, CollectedCollection.Kind.LIST, MagicNumbers.none());
    }

    static PerElementLoopVisitor intoSet(Spots spots, String operation, MagicNumbers numbers) {
        return new PerElementLoopVisitor(spots, operation, CollectedCollection.Kind.SET, numbers);
    }

    @Override
    public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
        boolean candidate = collected != null ? COLLECT.matches(m) && collected.isCollectedBy(m) : TO_ARRAY.matches(m);
        if (!candidate) {
            return m;
        }
        Set<String> imports = new LinkedHashSet<>();
        LoopSite site = LoopSite.of(getCursor());
        // Only a set's size is written by release; asked for a list or an array, the release would also be noted in
        // their rows of the data table.
        boolean factories = collected == CollectedCollection.Kind.SET &&
                            ReleasePromises.at(getCursor(), ctx).has(HashTables.FACTORY_RELEASE);
        // Elements added straight to another collection would skip the set's removal of duplicates: only a list may.
        AddAllTarget addedTo = collected == CollectedCollection.Kind.LIST ? AddAllTarget.of(site, getCursor()) : null;
        Destination destination = addedTo != null ? addedTo : collected != null ?
                CollectedCollection.of(collected, sized(factories), m, getCursor(), imports) : ArrayGenerator.of(m, getCursor());
        FreshNames names = FreshNames.near(getCursor());
        PerElementPipeline pipeline = PerElementPipeline.of(m, destination, operation, getCursor(), names, imports);
        if (pipeline == null) {
            return m;
        }
        String reason = addedTo == null && collected != null ? AddAllTarget.appendedReason(site, collected) : null;
        if (reason == null) {
            reason = reason(pipeline, site, imports, factories);
        }
        if (reason != null) {
            spots.leftAlone(ctx, getCursor(), m, reason);
            return m;
        }
        FilledLoop loop = filledLoop(pipeline, site, names, imports);
        String lineReason = lineReason(loop, site);
        if (lineReason != null) {
            spots.leftAlone(ctx, getCursor(), m, lineReason);
            return m;
        }
        if (!spots.mayRewrite(ctx, getCursor(), m)) {
            return m;
        }
        schedule(site, loop);
        for (String type : imports) {
            maybeAddImport(type);
        }
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Stream");
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Collectors");
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Collectors.toList");
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Collectors.toSet");
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Collectors.toCollection");
        Imports.removeIfUnused(this, getCursor(), "java.util.Arrays");
        return m;
    }

    /**
     * {@code new ArrayList<>(n)}; for a set {@code HashSet.newHashSet(n)} on Java 19+, else the capacity that
     * holds {@code n} elements.
     */
    private CollectedCollection.Sized sized(boolean factories) {
        if (collected != CollectedCollection.Kind.SET) {
            return count -> "new ArrayList<>(" + count + ")";
        }
        return factories ? count -> "HashSet.newHashSet(" + count + ")" : count -> "new HashSet<>(" + HashTables.capacityFor(count) + ")";
    }

    /** Why the pipeline cannot become a loop at {@code site}; null when it can. */
    private @Nullable String reason(PerElementPipeline pipeline, LoopSite site, Set<String> imports, boolean factories) {
        if (pipeline.reason != null) {
            return pipeline.reason;
        }
        if (site.reason != null) {
            return site.reason;
        }
        String declaredTypeReason = collected != null ? site.declaredTypeReason(collected) : null;
        if (declaredTypeReason != null) {
            return declaredTypeReason;
        }
        int perItem = pipeline.elements.size();
        String number = perItem > 1 ? String.valueOf(perItem) : collected == CollectedCollection.Kind.SET && !factories ? HashTables.LOAD_FACTOR : null;
        String numberReason = number != null ? numbers.reason(number, getCursor()) : null;
        if (numberReason != null) {
            return numberReason;
        }
        return SimpleNames.importReason(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
    }

    /** Why a new line before the loop's body would be longer than the file's lines; null when each fits. */
    private @Nullable String lineReason(FilledLoop loop, LoopSite site) {
        J.CompilationUnit cu = getCursor().firstEnclosingOrThrow(J.CompilationUnit.class);
        String indent = site.statement == null ? "" : site.statement.getPrefix().getIndent();
        for (String line : loop.headLines(getCursor())) {
            String reason = LineLengths.newCodeLineReason(cu, indent, line, "the new line");
            if (reason != null) {
                return reason;
            }
        }
        return null;
    }

    /** Whether the lambda assigns its parameter ({@code id -> { id = id.trim(); .. }}): the loop's variable then is not final. */
    private static boolean assignsTheElement(PerElementPipeline pipeline) {
        for (J code : pipeline.leading) {
            if (LocalVariables.isWrittenIn(code, pipeline.parameter)) {
                return true;
            }
        }
        for (J code : pipeline.elements) {
            if (LocalVariables.isWrittenIn(code, pipeline.parameter)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code T[] result = new T[size * k]; int i = 0; for (E e : source) { result[i++] = e1; ... }}, or
     * {@code List<R> result = new ArrayList<>(size); for (E e : source) { result.add(e1); }}: the source, the
     * size and the elements being the pipeline's own trees.
     */
    private FilledLoop filledLoop(PerElementPipeline pipeline, LoopSite site, FreshNames names, Set<String> imports) {
        Destination.Fill fill = pipeline.destination.fill(site.filledName(names), names);
        int k = pipeline.elements.size();
        String declaration = fill.declaration(pipeline.source.sizeTemplate() + (k == 1 ? "" : " * " + k), imports);
        StringBuilder code = new StringBuilder();
        List<J> parameters = new ArrayList<>();
        if (!declaration.isEmpty()) {
            code.append(LocalVariables.finalModifierAt(getCursor())).append(declaration);
            parameters.add(pipeline.source.counted);
        }
        code.append("for (").append(assignsTheElement(pipeline) ? "" : LocalVariables.finalLoopVariableAt(getCursor()))
                .append(TypeText.asWrittenAt(pipeline.elementType, getCursor()))
                .append(' ').append(pipeline.parameter).append(" : ").append(pipeline.source.iterableTemplate()).append(") {\n");
        SourceLocal local = pipeline.source.local;
        // Without a size to read first, the loop reads the source once itself: no local is needed.
        parameters.add(local != null && declaration.isEmpty() ? local.value : pipeline.source.iterable);
        for (Expression element : pipeline.elements) {
            code.append(fill.store());
            parameters.add(element);
        }
        code.append('}');
        FilledLoop loop = fill.loop(code.toString(), parameters, imports, pipeline.parameter, pipeline.declaredType,
                pipeline.elementJavaType).withLoopBodyFirst(pipeline.leading);
        if (local == null || declaration.isEmpty()) {
            return loop;
        }
        // Final like the declaration the pipeline initialises, if it does, else like the file's other locals.
        boolean finalDeclaration = site.declares() && ((J.VariableDeclarations) site.statement).hasModifier(J.Modifier.Type.Final);
        return loop.afterLocal(local, finalDeclaration ? "final " : LocalVariables.finalModifierAt(getCursor()));
    }
}
