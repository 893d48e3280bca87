package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.ExpressionShapes;
import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.analysis.Imports;
import dev.rewriteperf.analysis.LocalVariables;
import dev.rewriteperf.analysis.SimpleNames;
import dev.rewriteperf.analysis.TypeText;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
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

public class PreSizeKeysThenValuesArray extends Recipe {

    private static final MethodMatcher TO_ARRAY = new MethodMatcher("java.util.stream.Stream toArray(..)");
    private static final MethodMatcher CONCAT = new MethodMatcher("java.util.stream.Stream concat(..)");
    private static final MethodMatcher COLLECTION_STREAM = new MethodMatcher("java.util.Collection stream()", true);

    private final transient PerformanceCandidates candidates;

    public PreSizeKeysThenValuesArray() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public PreSizeKeysThenValuesArray(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Fill one pre-sized array with a map's keys, then its values";
    }

    @Override
    public String getDescription() {
        return "`Stream.concat(map.keySet().stream(), map.values().stream()).toArray(T[]::new)` becomes an array " +
               "of `map.size() * 2` components filled in one pass over `entrySet()`, each key at `i` and its value " +
               "at `size + i`: the same array, since a map's key set and values iterate in the same order. Only " +
               "plain key and value streams of one map that can be read twice, is not concurrent and whose " +
               "elements fit without a cast are rewritten; others are listed in the data table. **Warning:** the " +
               "map's size is read before the loop, as for every pre-sized loop. Measured (50 entries, paired " +
               "runs): 736 -> 416 B/op, the output array alone; JDK 25: 2.26x faster (95 % interval 2.17-2.36x); " +
               "JDK 17: 2.05x faster (95 % interval 2.02-2.09x).";
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
        return Preconditions.check(new UsesMethod<>(CONCAT), FileFormat.keptBy(new KeysThenValuesVisitor(candidates)));
    }

    /**
     * {@code map.keySet()} or {@code map.values()} in {@code map.keySet().stream()}, also under further stream
     * operations (which {@link #refusal} reports); null for other streams.
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
    private static @Nullable String refusal(List<Expression> halves, J.MethodInvocation first, J.MethodInvocation second,
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
        if (entries.refusal != null) {
            return entries.refusal;
        }
        if (generator.refusal != null) {
            return generator.refusal;
        }
        if (entries.element.text == null || !(entries.element.type instanceof JavaType.Parameterized)) {
            return entries.element.refusal != null ? entries.element.refusal : "the map's key and value types cannot be written in source";
        }
        for (JavaType keyOrValue : ((JavaType.Parameterized) entries.element.type).getTypeParameters()) {
            String typeRefusal = generator.elementRefusal(keyOrValue);
            if (typeRefusal != null) {
                return typeRefusal;
            }
        }
        return site.refusal;
    }

    /** Schedules a loop for each {@code Stream.concat(map.keySet().stream(), map.values().stream()).toArray(..)}. */
    private static final class KeysThenValuesVisitor extends LoopSchedulingVisitor {

        KeysThenValuesVisitor(PerformanceCandidates candidates) {
            super(candidates);
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
            String refusal = refusal(halves, first, second, entries, generator, site);
            if (refusal == null) {
                refusal = SimpleNames.importRefusal(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
            }
            if (refusal != null) {
                candidates.recordSkip(ctx, getCursor(), m, refusal);
                return m;
            }
            if (!candidates.mayChange(ctx, getCursor(), m)) {
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
            String entry = names.take("entry");
            String code = LocalVariables.finalModifierAt(getCursor()) + generator.declaration(array, "#{map:any(java.util.Map)}.size() * 2") +
                          "int " + first + " = 0;\n" +
                          "int " + second + " = #{map}.size();\n" +
                          "for (" + TypeText.asWrittenAt(entries.element.text, getCursor()) + " " + entry + " : #{map}.entrySet()) {\n" +
                          array + "[" + first + "++] = " + entry + (keysFirst ? ".getKey()" : ".getValue()") + ";\n" +
                          array + "[" + second + "++] = " + entry + (keysFirst ? ".getValue()" : ".getKey()") + ";\n" +
                          "}";
            return generator.loop(code, Collections.singletonList(entries.counted), imports, array, entry, null, entries.element.type);
        }
    }
}
