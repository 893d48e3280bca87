package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.analysis.Imports;
import dev.rewriteperf.analysis.LocalVariables;
import dev.rewriteperf.analysis.SimpleNames;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

public class PreSizeKeyAndValueListsArray extends Recipe {

    private final transient PerformanceCandidates candidates;

    public PreSizeKeyAndValueListsArray() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public PreSizeKeyAndValueListsArray(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Fill one pre-sized array instead of concatenating a key list and a value list";
    }

    @Override
    public String getDescription() {
        return "Two local lists filled in one loop over `map.entrySet()` and then concatenated into an array " +
               "(`keys.addAll(values)` then `toArray`, or `Stream.concat(..).toArray(..)`) become one array of " +
               "`map.size() * 2` components filled in the same loop, the first list's elements from 0 and the " +
               "second's from `map.size()`: the same expressions in the same order. Lists used for anything else, " +
               "maps that cannot be read twice or are concurrent, and elements that need a cast are left alone and " +
               "listed in the data table. **Warning:** the map's size is read before the loop. Measured (1000 " +
               "entries, paired runs): 50,112 -> 8,016 B/op; JDK 25: 2.93x faster (95 % interval 2.89-2.96x); JDK " +
               "17: 2.92x faster (95 % interval 2.90-2.93x).";
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(2);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(new UsesMethod<>("java.util.Map entrySet()", true), FileFormat.keptBy(new OneArrayVisitor(candidates)));
    }

    /** Turns each {@link KeyAndValueLists} shape in a block into one array filled in the same loop. */
    private static final class OneArrayVisitor extends JavaIsoVisitor<ExecutionContext> {

        private final PerformanceCandidates candidates;

        OneArrayVisitor(PerformanceCandidates candidates) {
            this.candidates = candidates;
        }

        @Override
        public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
            J.Block b = super.visitBlock(block, ctx);
            for (int i = 0; i < b.getStatements().size(); i++) {
                Set<String> imports = new LinkedHashSet<>();
                KeyAndValueLists lists = KeyAndValueLists.at(b, i, getCursor(), imports);
                if (lists == null) {
                    continue;
                }
                String refusal = lists.refusal != null ? lists.refusal :
                        SimpleNames.importRefusal(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
                if (refusal != null) {
                    candidates.recordSkip(ctx, getCursor(), lists.loop, refusal);
                    continue;
                }
                if (!candidates.mayChange(ctx, getCursor(), lists.loop)) {
                    continue;
                }
                b = oneArray(b, lists, imports, ctx);
            }
            return b;
        }

        /** The generated statements in place of the lists' statements, from the first list's declaration to the array's. */
        private J.Block oneArray(J.Block block, KeyAndValueLists lists, Set<String> imports, ExecutionContext ctx) {
            J.VariableDeclarations declared = lists.result instanceof J.VariableDeclarations ? (J.VariableDeclarations) lists.result : null;
            LoopSplice splice = LoopSplice.replacing(getCursor(), block, lists.start, lists.end, filledArray(lists, imports), declared, ctx);
            candidates.recordChange(ctx, getCursor(), lists.loop, splice.loop());
            Imports.removeIfUnused(this, getCursor(), "java.util.ArrayList");
            Imports.removeIfUnused(this, getCursor(), "java.util.LinkedList");
            Imports.removeIfUnused(this, getCursor(), "java.util.List");
            Imports.removeIfUnused(this, getCursor(), "java.util.stream.Stream");
            return splice.block;
        }

        /**
         * {@code T[] result = new T[map.size() * 2]; int i = 0; int j = map.size();} and the loop writing the
         * first list's element at {@code i++} and the second's at {@code j++}, then, unless the array is
         * declared, the {@code return}.
         */
        private FilledLoop filledArray(KeyAndValueLists lists, Set<String> imports) {
            boolean declares = lists.result instanceof J.VariableDeclarations;
            FreshNames names = FreshNames.near(getCursor());
            String array = declares ? ((J.VariableDeclarations) lists.result).getVariables().get(0).getSimpleName() : names.take("result");
            String first = names.takeIndex();
            String second = names.takeIndex();
            J.VariableDeclarations loopVariable = (J.VariableDeclarations) lists.loop.getControl().getVariable();
            String entry = loopVariable.getVariables().get(0).getSimpleName();
            String code = LocalVariables.finalModifierAt(getCursor()) +
                          lists.generator.declaration(array, "#{map:any(java.util.Map)}.size() * 2") +
                          "int " + first + " = 0;\n" +
                          "int " + second + " = #{map}.size();\n" +
                          "for (java.util.Map.Entry<?, ?> " + entry + " : #{map}.entrySet()) {\n" +
                          array + "[" + (lists.firstListFirst ? first : second) + "++] = #{any(java.lang.Object)};\n" +
                          array + "[" + (lists.firstListFirst ? second : first) + "++] = #{any(java.lang.Object)};\n" +
                          "}" + (declares ? "" : "\nreturn " + array + ";");
            return lists.generator.loop(code, Arrays.<J>asList(lists.map, lists.elements[0], lists.elements[1]), imports, array, entry,
                    loopVariable.getTypeExpression(), loopVariable.getType());
        }
    }
}
