package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.names.TypeText;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.SemanticallyEqual;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

public class PreSizeKeysThenValuesArray extends Recipe implements GatedRecipe {

    private static final MethodMatcher TO_ARRAY = new MethodMatcher("java.util.stream.Stream toArray(..)");
    private static final MethodMatcher CONCAT = new MethodMatcher("java.util.stream.Stream concat(..)");
    private static final MethodMatcher COLLECTION_STREAM = new MethodMatcher("java.util.Collection stream()", true);

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Fill one pre-sized array with a map's keys, then its values";
    }

    @Override
    public String getDescription() {
        return "`Stream.concat(map.keySet().stream(), map.values().stream()).toArray(..)` becomes one array filled " +
               "in a single pass over `entrySet()`. Maps that are concurrent or cannot be read twice are left " +
               "alone. " + Measured.sentence(PreSizeKeysThenValuesArray.class);
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
        return Preconditions.check(new UsesMethod<>(CONCAT), FileFormat.keptBy(new KeysThenValuesVisitor(spots)));
    }

    /**
     * {@code map.keySet()} or {@code map.values()} in {@code map.keySet().stream()}, also under further stream
     * operations (which {@link #reason} reports); null for other streams.
     */
    private static J.@Nullable MethodInvocation mapView(Expression half) {
        while (half instanceof J.MethodInvocation && StreamOperations.isIntermediate((J.MethodInvocation) half)) {
            half = ((J.MethodInvocation) half).getSelect();
        }
        if (!(half instanceof J.MethodInvocation) || !COLLECTION_STREAM.matches((J.MethodInvocation) half) ||
            !(((J.MethodInvocation) half).getSelect() instanceof J.MethodInvocation)) {
            return null;
        }
        J.MethodInvocation view = (J.MethodInvocation) ((J.MethodInvocation) half).getSelect();
        return ExpressionShapes.isMapView(view) && !"entrySet".equals(view.getSimpleName()) && view.getSelect() != null ? view : null;
    }

    /** Why the concatenated key and value streams cannot become one pre-sized array; null when they can. */
    private static @Nullable String reason(List<Expression> halves, J.MethodInvocation first, J.MethodInvocation second,
                                            SizedSource entries, ArrayGenerator generator, LoopSite site) {
        for (Expression half : halves) {
            if (!COLLECTION_STREAM.matches((J.MethodInvocation) half)) {
                return "`." + ((J.MethodInvocation) half).getSimpleName() + "(..)` on one side would run in another order in a single pass";
            }
        }
        if (first.getSimpleName().equals(second.getSimpleName()) ||
            !SemanticallyEqual.areEqual(first.getSelect(), second.getSelect())) {
            return "the two streams are not the keys and the values of the same map";
        }
        if (entries.reason != null) {
            return entries.reason;
        }
        if (generator.reason != null) {
            return generator.reason;
        }
        if (entries.element.text == null || !(entries.element.type instanceof JavaType.Parameterized)) {
            return entries.element.reason != null ? entries.element.reason : "the map's key and value types cannot be written in source";
        }
        for (JavaType keyOrValue : ((JavaType.Parameterized) entries.element.type).getTypeParameters()) {
            String typeReason = generator.elementReason(keyOrValue);
            if (typeReason != null) {
                return typeReason;
            }
        }
        return site.reason;
    }

    /** Schedules a loop for each {@code Stream.concat(map.keySet().stream(), map.values().stream()).toArray(..)}. */
    private static final class KeysThenValuesVisitor extends LoopSchedulingVisitor {

        KeysThenValuesVisitor(Spots spots) {
            super(spots);
        }

        @Override
        public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
            if (!TO_ARRAY.matches(m) || !(m.getSelect() instanceof J.MethodInvocation) ||
                !CONCAT.matches((J.MethodInvocation) m.getSelect())) {
                return m;
            }
            List<Expression> halves = ((J.MethodInvocation) m.getSelect()).getArguments();
            J.MethodInvocation first = mapView(halves.get(0));
            J.MethodInvocation second = mapView(halves.get(1));
            if (first == null || second == null) {
                return m;
            }
            Set<String> imports = new LinkedHashSet<>();
            SizedSource entries = SizedSource.entriesOf(first.getSelect(), getCursor(), imports);
            ArrayGenerator generator = ArrayGenerator.of(m, getCursor());
            LoopSite site = LoopSite.of(getCursor());
            String reason = reason(halves, first, second, entries, generator, site);
            if (reason == null) {
                reason = SimpleNames.importReason(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), m, reason);
                return m;
            }
            if (!spots.mayRewrite(ctx, getCursor(), m)) {
                return m;
            }
            schedule(site, filledArray(entries, generator, site, "keySet".equals(first.getSimpleName()), imports));
            for (String type : imports) {
                maybeAddImport(type);
            }
            Imports.removeIfUnused(this, getCursor(), "java.util.stream.Stream");
            return m;
        }

        /**
         * {@code T[] result = new T[map.size() * 2]; int i = 0; int j = map.size();} and one loop over the
         * entries writing the first half at {@code i++}, the second at {@code j++}.
         */
        private FilledLoop filledArray(SizedSource entries, ArrayGenerator generator, LoopSite site,
                                       boolean keysFirst, Set<String> imports) {
            FreshNames names = FreshNames.near(getCursor());
            String array = site.filledName(names);
            String first = names.takeIndex();
            String second = names.takeIndex();
            String entry = names.takeInLoop("entry");
            String code = LocalVariables.finalModifierAt(getCursor()) + generator.declaration(array, "#{map:any(java.util.Map)}.size() * 2") +
                          "int " + first + " = 0;\n" +
                          "int " + second + " = #{map}.size();\n" +
                          "for (" + LocalVariables.finalLoopVariableAt(getCursor()) + TypeText.asWrittenAt(entries.element.text, getCursor()) + " " + entry + " : #{map}.entrySet()) {\n" +
                          array + "[" + first + "++] = " + entry + (keysFirst ? ".getKey()" : ".getValue()") + ";\n" +
                          array + "[" + second + "++] = " + entry + (keysFirst ? ".getValue()" : ".getKey()") + ";\n" +
                          "}";
            return generator.loop(code, Collections.singletonList(entries.counted), imports, array, entry, null, entries.element.type);
        }
    }
}
