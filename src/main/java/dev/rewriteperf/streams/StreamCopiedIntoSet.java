package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

/**
 * {@code source.stream().collect(Collectors.toSet())} becomes {@code new HashSet<>(source)}: the copy constructor
 * sizes the table for the source and adds its elements in the same order the collector would, with no stream.
 * Left alone where the new expression would have another type: a set of another element type than the source's
 * (an upcast the collector inferred), or a {@code var} that would then be declared a {@code HashSet}.
 */
final class StreamCopiedIntoSet extends JavaVisitor<ExecutionContext> {

    private static final MethodMatcher COLLECT = new MethodMatcher("java.util.stream.Stream collect(java.util.stream.Collector)");
    private static final MethodMatcher STREAM = new MethodMatcher("java.util.Collection stream()", true);

    private final Spots spots;

    StreamCopiedIntoSet(Spots spots) {
        this.spots = spots;
    }

    @Override
    public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J j = super.visitMethodInvocation(method, ctx);
        if (!(j instanceof J.MethodInvocation)) {
            return j;
        }
        J.MethodInvocation collect = (J.MethodInvocation) j;
        if (!COLLECT.matches(collect) || !CollectedCollection.Kind.SET.isCollectedBy(collect) ||
            !(collect.getSelect() instanceof J.MethodInvocation) || !STREAM.matches((J.MethodInvocation) collect.getSelect())) {
            return collect;
        }
        Expression source = ((J.MethodInvocation) collect.getSelect()).getSelect();
        if (source == null) {
            return collect;
        }
        String reason = reason(collect, source);
        if (reason != null) {
            spots.leftAlone(ctx, getCursor(), collect, reason);
            return collect;
        }
        if (!spots.mayRewrite(ctx, getCursor(), collect)) {
            return collect;
        }
        J.NewClass copy = Templates.builder("new HashSet<>(#{any(java.util.Collection)})", ctx)
                .imports("java.util.HashSet").build()
                .apply(getCursor(), collect.getCoordinates().replace(), source);
        copy = typed(copy, collect);
        spots.rewritten(ctx, getCursor(), collect, copy);
        maybeAddImport("java.util.HashSet");
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Collectors");
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Collectors.toSet");
        Imports.removeIfUnused(this, getCursor(), "java.util.stream.Collectors.toCollection");
        return copy;
    }

    /** Why {@code new HashSet<>(source)} would not be the set {@code collect} makes, of its type; null when it is. */
    private @Nullable String reason(J.MethodInvocation collect, Expression source) {
        JavaType.FullyQualified sourceClass = TypeUtils.asFullyQualified(source.getType());
        if (sourceClass != null && !sourceClass.getFullyQualifiedName().startsWith("java.")) {
            return "the source is a collection class of the project, whose `stream()` need not stream what the copy " +
                   "constructor reads";
        }
        JavaType.Parameterized set = TypeUtils.asParameterized(collect.getType());
        JavaType.Parameterized collection = TypeUtils.asParameterized(source.getType());
        if (set == null || collection == null || set.getTypeParameters().size() != 1 ||
            collection.getTypeParameters().size() != 1 || !TypeUtils.isWellFormedType(set) || !TypeUtils.isWellFormedType(collection)) {
            return "the types are not fully known";
        }
        if (!TypeUtils.isOfType(set.getTypeParameters().get(0), collection.getTypeParameters().get(0))) {
            return "the set's element type is not the source's, and `new HashSet<>(source)` would take the source's";
        }
        J parent = getCursor().getParentTreeCursor().getValue();
        if (parent instanceof J.VariableDeclarations.NamedVariable) {
            J.VariableDeclarations declaration = getCursor().getParentTreeCursor().getParentTreeCursor().getValue();
            if (declaration.getTypeExpression() instanceof J.Identifier &&
                "var".equals(((J.Identifier) declaration.getTypeExpression()).getSimpleName())) {
                return CollectedCollection.Kind.SET.varReason();
            }
        }
        return null;
    }

    /** The copy as a {@code HashSet<E>} of the collected set's element type. */
    private static J.NewClass typed(J.NewClass copy, J.MethodInvocation collect) {
        JavaType.FullyQualified hashSet = TypeUtils.asFullyQualified(copy.getType());
        JavaType.Parameterized collected = TypeUtils.asParameterized(collect.getType());
        JavaType.Method constructor = copy.getConstructorType();
        if (hashSet == null || collected == null || constructor == null) {
            return copy;
        }
        if (hashSet instanceof JavaType.Parameterized) {
            hashSet = ((JavaType.Parameterized) hashSet).getType();
        }
        JavaType.Parameterized type = new JavaType.Parameterized(null, hashSet, collected.getTypeParameters());
        return copy.withConstructorType(constructor.withDeclaringType(type).withReturnType(type));
    }
}
