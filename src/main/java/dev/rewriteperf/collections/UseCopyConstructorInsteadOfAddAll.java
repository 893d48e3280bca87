package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

public class UseCopyConstructorInsteadOfAddAll extends Recipe implements GatedRecipe {

    private static final MethodMatcher ADD_ALL = new MethodMatcher("java.util.Collection addAll(java.util.Collection)", true);
    private static final MethodMatcher PUT_ALL = new MethodMatcher("java.util.Map putAll(java.util.Map)", true);

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Copy into a hash set with its constructor, not `addAll`";
    }

    @Override
    public String getDescription() {
        return "`new HashSet<>()` followed by `addAll(source)` becomes `new HashSet<>(source)`, sized for the " +
               "source; maps are left alone, since `putAll` into an empty map already sizes it. **Warning:** a " +
               "different table size can change iteration order. " + Measured.sentence(UseCopyConstructorInsteadOfAddAll.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "collections", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(Preconditions.and(
                Preconditions.or(new UsesMethod<>(ADD_ALL), new UsesMethod<>(PUT_ALL)),
                HashCollection.noArgumentConstructorCalledInFile()), FileFormat.keptBy(new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
                J.Block visited = super.visitBlock(block, ctx);
                List<Statement> statements = visited.getStatements();
                List<Statement> copied = null;
                for (int i = 0; i + 1 < statements.size(); i++) {
                    EmptyCollectionDeclaration declaration = EmptyCollectionDeclaration.of(statements.get(i));
                    HashCollection kind = declaration == null ? null : HashCollection.of(declaration.construction);
                    J.MethodInvocation bulkAdd = kind == null ? null : bulkAddTo(statements.get(i + 1), declaration.name());
                    if (bulkAdd == null) {
                        continue;
                    }
                    Cursor at = declaration.constructionCursor(getCursor());
                    if (!spots.mayRewrite(ctx, at, declaration.construction, reason(declaration, kind, bulkAdd))) {
                        continue;
                    }
                    J.NewClass copy = Sizing.copyConstructor(at, declaration.construction, bulkAdd.getArguments().get(0), ctx);
                    spots.rewritten(ctx, at, declaration.construction, copy);
                    if (copied == null) {
                        copied = new ArrayList<>(statements);
                    }
                    copied.set(i, declaration.withInitializer(copy));
                    copied.set(i + 1, null);
                }
                if (copied == null) {
                    return visited;
                }
                copied.removeIf(Objects::isNull);
                return visited.withStatements(copied);
            }
        }));
    }

    private static J.@Nullable MethodInvocation bulkAddTo(Statement statement, String name) {
        if (!(statement instanceof J.MethodInvocation)) {
            return null;
        }
        J.MethodInvocation call = (J.MethodInvocation) statement;
        boolean onVariable = call.getSelect() instanceof J.Identifier &&
                             ((J.Identifier) call.getSelect()).getSimpleName().equals(name);
        return onVariable && (ADD_ALL.matches(call) || PUT_ALL.matches(call)) ? call : null;
    }

    /** Why the bulk add into the new, empty collection is not made its copy constructor; null when it is. */
    private static @Nullable String reason(EmptyCollectionDeclaration declaration, HashCollection kind,
                                            J.MethodInvocation bulkAdd) {
        if (kind.isMap) {
            return kind.simpleName() + ".putAll into an empty map already sizes its table";
        }
        if (References.countNamed(bulkAdd.getArguments().get(0), declaration.name()) != 0) {
            return "the source refers to the set itself";
        }
        if (declaration.isDeclaredWithVar() && Sizing.isDiamond(declaration.construction)) {
            return "`var` with a diamond: the copy would infer the source's element type";
        }
        if (Sizing.isRaw(declaration.construction)) {
            return "raw type";
        }
        return null;
    }
}
