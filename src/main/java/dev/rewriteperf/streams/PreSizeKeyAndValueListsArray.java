package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.analysis.LocalVariables;
import dev.rewriteperf.analysis.SimpleNames;
import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

public class PreSizeKeyAndValueListsArray extends Recipe {

    private final transient PerformanceCandidates candidates = new PerformanceCandidates(this);

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
               "listed in the data table. **Warning:** the map's size is read before the loop. Measured (JDK 25, " +
               "1000 entries): 50,113 -> 8,016 B/op.";
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
        return Preconditions.check(new UsesMethod<>("java.util.Map entrySet()", true), FileFormat.keptBy(new JavaIsoVisitor<ExecutionContext>() {
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
                            SimpleNames.clash(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
                    if (refusal != null) {
                        candidates.recordSkip(ctx, getCursor(), lists.loop, refusal);
                        continue;
                    }
                    b = oneArray(b, lists, imports, ctx);
                }
                return b;
            }

            /**
             * {@code T[] result = new T[map.size() * 2]; int i = 0; int j = map.size();} and the loop writing the
             * first list's element at {@code i++} and the second's at {@code j++}, then the {@code return}.
             */
            private J.Block oneArray(J.Block block, KeyAndValueLists lists, Set<String> imports, ExecutionContext ctx) {
                boolean declares = lists.result instanceof J.VariableDeclarations;
                FreshNames names = FreshNames.near(getCursor());
                String array = declares ? ((J.VariableDeclarations) lists.result).getVariables().get(0).getSimpleName() : names.take("result");
                String first = names.takeIndex();
                String second = names.takeIndex();
                J.VariableDeclarations loopVariable = (J.VariableDeclarations) lists.loop.getControl().getVariable();
                String entry = loopVariable.getVariables().get(0).getSimpleName();
                String component = lists.generator.componentText;
                String code = LocalVariables.finalModifierAt(getCursor()) + component + "[] " + array + " = new " + LoopSite.newArray(component, "#{map:any(java.util.Map)}.size() * 2") + ";\n" +
                              "int " + first + " = 0;\n" +
                              "int " + second + " = #{map}.size();\n" +
                              "for (java.util.Map.Entry<?, ?> " + entry + " : #{map}.entrySet()) {\n" +
                              array + "[" + (lists.firstListFirst ? first : second) + "++] = #{any(java.lang.Object)};\n" +
                              array + "[" + (lists.firstListFirst ? second : first) + "++] = #{any(java.lang.Object)};\n" +
                              "}" + (declares ? "" : "\nreturn " + array + ";");
                List<Statement> statements = block.getStatements();
                Statement start = statements.get(lists.start);
                J.Block b = JavaTemplate.builder(code)
                        .imports(imports.toArray(new String[0]))
                        .build()
                        .apply(new Cursor(getCursor().getParent(), block), start.getCoordinates().replace(),
                                lists.map, lists.elements[0], lists.elements[1]);
                int generatedCount = declares ? 4 : 5;
                List<Statement> rewritten = new ArrayList<>(b.getStatements());
                FilledLoop filled = FilledLoop.array(code, new ArrayList<>(), imports, array, entry, lists.generator.arrayType,
                        lists.generator.componentTree, loopVariable.getTypeExpression(), loopVariable.getType());
                J.MethodDeclaration method = getCursor().firstEnclosing(J.MethodDeclaration.class);
                List<Statement> generated = filled.retype(rewritten.subList(lists.start, lists.start + generatedCount),
                        declares ? (J.VariableDeclarations) lists.result : null, method == null ? null : method.getMethodType());
                generated.set(0, generated.get(0).withPrefix(start.getPrefix()));
                List<Statement> result = new ArrayList<>(rewritten.subList(0, lists.start));
                result.addAll(generated);
                int replaced = lists.end - lists.start + 1;
                result.addAll(rewritten.subList(lists.start + generatedCount + replaced - 1, rewritten.size()));
                candidates.recordChange(ctx, getCursor(), lists.loop, generated.get(3));
                maybeRemoveImport("java.util.ArrayList");
                maybeRemoveImport("java.util.LinkedList");
                maybeRemoveImport("java.util.List");
                maybeRemoveImport("java.util.stream.Stream");
                return b.withStatements(result);
            }
        }));
    }
}
