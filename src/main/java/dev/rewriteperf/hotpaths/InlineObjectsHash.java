package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.project.Release;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.MagicNumberRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.analysis.writing.LineBudgetVisitor;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

public class InlineObjectsHash extends MagicNumberRecipe implements GatedRecipe {

    private static final MethodMatcher OBJECTS_HASH = new MethodMatcher("java.util.Objects hash(..)");

    /** Calls that turn a number given to them into text. */
    private static final List<String> TEXT_CALLS = Arrays.asList("append", "print", "println", "valueOf", "toString",
            "toHexString", "format");

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Compute `Objects.hash` without its varargs array";
    }

    @Override
    public String getDescription() {
        return "`Objects.hash(a, b)` allocates an array and boxes per call; it becomes the same hash written out, " +
               "`31 * (31 + Objects.hashCode(a)) + Integer.hashCode(b)`. Calls among the values, arrays, more " +
               "than six values and a hash that becomes part of a text (a key or a label) are left alone. A returned hash " +
               "too long for its line is written as `Arrays.hashCode`'s loop unrolled, one value a line: " +
               "`int result = 31 + Objects.hashCode(a);`, `result = 31 * result + Integer.hashCode(b);`, " +
               "`return result;`. " +
               Measured.sentence(InlineObjectsHash.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation", "hashCode"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(MagicNumbers numbers) {
        return Preconditions.check(new UsesMethod<>(OBJECTS_HASH), FileFormat.keptBy(new HashVisitor(numbers)));
    }

    /** Writes out each {@code Objects.hash} call it may, and records why not for the others. */
    private final class HashVisitor extends LineBudgetVisitor {
        private final MagicNumbers numbers;
        /** The statements that take the place of a {@code return} of a hash too long for its line, by the return's id. */
        private final Map<UUID, List<Statement>> replacedReturns = new HashMap<>();

        HashVisitor(MagicNumbers numbers) {
            this.numbers = numbers;
        }

        @Override
        protected boolean rewritesIdenticalSpotsAlike() {
            return true;
        }

        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J visited = super.visitMethodInvocation(method, ctx);
            if (!(visited instanceof J.MethodInvocation) || !OBJECTS_HASH.matches((J.MethodInvocation) visited)) {
                return visited;
            }
            J.MethodInvocation call = (J.MethodInvocation) visited;
            // Written as the call names the class: `java.util.Objects` stays in full, `Objects` or a static import is `Objects`.
            String objects = call.getSelect() instanceof J.FieldAccess ? call.getSelect().printTrimmed(getCursor()) : "Objects";
            String formula = HashedValues.formula(call.getArguments(), objects);
            String code = ExpressionPlaces.operatorNeedsParentheses(getCursor()) ? "(" + formula + ")" : formula;
            String written = Templates.withValues(code, call.getArguments(), getCursor());
            String reason = reason(call, code.contains(objects + ".hashCode(") && call.getSelect() == null, ctx);
            HashStatements statements = null;
            if (reason == null && !fits(method, written, false)) {
                statements = HashStatements.of(getCursor(), call, objects);
            }
            if (reason == null && statements == null) {
                reason = lineReason(method, written, "written out, the hash", false);
            }
            if (isMeasuring()) {
                return call;
            }
            if (reason == null && statements != null) {
                reason = identicalSpotReason(method.printTrimmed(getCursor().getParentOrThrow()));
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), call, reason);
                return call;
            }
            if (!spots.mayRewrite(ctx, getCursor(), call)) {
                return call;
            }
            if (statements != null) {
                List<Statement> generated = statements.generated(ctx);
                replacedReturns.put(statements.returned().getId(), generated);
                importsFor(statements.code());
                spots.rewritten(ctx, getCursor(), call, generated);
                return call;
            }
            J replaced = Templates.builder(code, ctx).imports("java.util.Objects").build()
                    .apply(getCursor(), call.getCoordinates().replace(), call.getArguments().toArray());
            importsFor(code);
            written(method, written);
            spots.rewritten(ctx, getCursor(), call, replaced);
            return replaced;
        }

        /** The imports the written-out hash {@code code} needs, and those it no longer does. */
        private void importsFor(String code) {
            if (code.contains(" Objects.hashCode(") || code.contains("(Objects.hashCode(")) {
                maybeAddImport("java.util.Objects");
            } else {
                Imports.removeIfUnused(this, getCursor(), "java.util.Objects"); // only primitives: the import may now be unused
            }
            Imports.removeIfUnused(this, getCursor(), "java.util.Objects.hash");
        }

        /** Each {@code return Objects.hash(..);} rewritten as statements ({@link HashStatements}) put in their place. */
        @Override
        public J visitBlock(J.Block block, ExecutionContext ctx) {
            J visited = super.visitBlock(block, ctx);
            if (replacedReturns.isEmpty() || !(visited instanceof J.Block)) {
                return visited;
            }
            List<Statement> statements = new ArrayList<>();
            for (Statement statement : ((J.Block) visited).getStatements()) {
                List<Statement> generated = replacedReturns.remove(statement.getId());
                if (generated == null) {
                    statements.add(statement);
                } else {
                    statements.addAll(generated);
                }
            }
            return ((J.Block) visited).withStatements(statements);
        }

        /** Why this call is left alone, before its length is measured; null when it may be written out. */
        private @Nullable String reason(J.MethodInvocation call, boolean importsObjects, ExecutionContext ctx) {
            String reason = HashedValues.reason(call.getArguments());
            if (reason == null) {
                reason = numbers.reason("31", getCursor());
            }
            if (reason == null && ExpressionPlaces.isStatement(getCursor())) {
                reason = "the hash is not used as a value (a statement or a lambda's body): written out, it would not compile";
            }
            if (reason == null) {
                reason = notAHashCode(getCursor());
            }
            Set<String> names = new LinkedHashSet<>(HashedValues.boxes(call.getArguments()));
            if (reason == null && !names.isEmpty()) {
                Release release = ReleasePromises.at(getCursor(), ctx);
                reason = release.has(8) ? null : "writing the boxes' static hashCode methods (Integer.hashCode(int)) " + release.reason(8);
            }
            J.CompilationUnit cu = getCursor().firstEnclosingOrThrow(J.CompilationUnit.class);
            if (importsObjects) {
                names.add("java.util.Objects");
                if (reason == null && hasOnDemandImport(cu)) {
                    reason = "a static import of hash: the Objects import it needs could be shadowed through this file's on-demand imports";
                }
            }
            return reason != null ? reason : SimpleNames.importReason(cu, names);
        }
    }

    /**
     * Why a call is not a hash code's computation, else null: a hash turned into text ({@code "-sf=" + Objects.hash(f)},
     * {@code builder.append(Objects.hash(f))}; forest's {@code ForestRequest#clientKey}) is part of a key or a label,
     * where {@code 31 + ..} written out reads as arithmetic on it, unless a method or variable named for a hash holds
     * it. A hash used as a number is one, whatever its method's name.
     */
    private static @Nullable String notAHashCode(Cursor call) {
        if (!becomesText(call)) {
            return null;
        }
        for (Cursor c = call.getParent(); c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.VariableDeclarations.NamedVariable && namesAHash(((J.VariableDeclarations.NamedVariable) value).getSimpleName())
                || value instanceof J.MethodDeclaration && namesAHash(((J.MethodDeclaration) value).getSimpleName())) {
                return null;
            }
            if (value instanceof J.MethodDeclaration || value instanceof J.ClassDeclaration) {
                break;
            }
        }
        return "the hash becomes part of a text (a key or a label), not a hash code: written out, `31 + ..` would read " +
               "as arithmetic on it";
    }

    private static boolean becomesText(Cursor call) {
        Cursor parent = call.getParentTreeCursor();
        Object child = call.getValue();
        while (parent.getValue() instanceof J.Parentheses) {
            child = parent.getValue();
            parent = parent.getParentTreeCursor();
        }
        Object value = parent.getValue();
        if (value instanceof J.Binary) {
            J.Binary binary = (J.Binary) value;
            return binary.getOperator() == J.Binary.Type.Addition && TypeUtils.isString(binary.getType());
        }
        if (value instanceof J.MethodInvocation) {
            J.MethodInvocation use = (J.MethodInvocation) value;
            return use.getArguments().contains(child) && TEXT_CALLS.contains(use.getSimpleName());
        }
        return false;
    }

    private static boolean namesAHash(String name) {
        return name.toLowerCase(Locale.ROOT).contains("hash");
    }

    private static boolean hasOnDemandImport(J.CompilationUnit cu) {
        for (J.Import anImport : cu.getImports()) {
            if (!anImport.isStatic() && "*".equals(anImport.getQualid().getSimpleName())) {
                return true;
            }
        }
        return false;
    }
}
