package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
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

public class PreSizeKeyAndValueListsArray extends Recipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Fill one pre-sized array instead of concatenating a key list and a value list";
    }

    @Override
    public String getDescription() {
        return "A key list and a value list filled in one loop over `entrySet()` and then concatenated into an " +
               "array become one array filled in that loop. Lists used for anything else are left alone. " + Measured.sentence(PreSizeKeyAndValueListsArray.class);
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
        return Preconditions.check(new UsesMethod<>("java.util.Map entrySet()", true), FileFormat.keptBy(new OneArrayVisitor(spots)));
    }

    /** Turns each {@link KeyAndValueLists} shape in a block into one array filled in the same loop. */
    private static final class OneArrayVisitor extends JavaIsoVisitor<ExecutionContext> {

        private final Spots spots;

        OneArrayVisitor(Spots spots) {
            this.spots = spots;
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
                String reason = lists.reason != null ? lists.reason :
                        SimpleNames.importReason(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
                if (reason != null) {
                    spots.leftAlone(ctx, getCursor(), lists.loop, reason);
                    continue;
                }
                if (!spots.mayRewrite(ctx, getCursor(), lists.loop)) {
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
            spots.rewritten(ctx, getCursor(), lists.loop, splice.loop());
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
