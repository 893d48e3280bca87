package dev.rewriteperf.profile;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The branch that fills a cache on a miss: {@code if (config == null) { ..; configs.put(appId, namespace, config); }} (apollo's
 * {@code DefaultConfigManager#getConfig}) or a lazily set field, {@code if (header == null) { header = ..; }}. It runs
 * once per key or per object, not per call, like the function of a field's {@code computeIfAbsent}.
 */
final class CacheMiss {

    private CacheMiss() {
    }

    /**
     * Whether {@code branch} tests {@code v == null} and its then-part stores {@code v}: assigns the field {@code v}, or
     * puts the local {@code v} into a map held in a field (a local map is made anew with each call). A parameter
     * tested for a default ({@code if (name == null) this.name = ..}) is neither.
     */
    static boolean fills(J.If branch) {
        Expression condition = ExpressionShapes.unwrap(branch.getIfCondition());
        JavaType.Variable tested = ExpressionShapes.variableOf(nullTested(condition));
        if (tested == null) {
            return false;
        }
        boolean field = tested.getOwner() instanceof JavaType.FullyQualified;
        AtomicBoolean stores = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.Assignment visitAssignment(J.Assignment assignment, Integer p) {
                if (field && same(ExpressionShapes.variableOf(assignment.getVariable()), tested)) {
                    stores.set(true);
                }
                return super.visitAssignment(assignment, p);
            }

            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                if (!field && putsIntoAFieldsMap(call, tested)) {
                    stores.set(true);
                }
                return super.visitMethodInvocation(call, p);
            }
        }.visit(branch.getThenPart(), 0);
        return stores.get();
    }

    /** {@code v} of {@code v == null} or {@code null == v}; null for any other condition. */
    private static @Nullable Expression nullTested(Expression condition) {
        if (!(condition instanceof J.Binary) || ((J.Binary) condition).getOperator() != J.Binary.Type.Equal) {
            return null;
        }
        J.Binary equal = (J.Binary) condition;
        return ExpressionShapes.isNullLiteral(equal.getLeft()) ? equal.getRight() :
                ExpressionShapes.isNullLiteral(equal.getRight()) ? equal.getLeft() : null;
    }

    /**
     * The same variable: a field of the same class, or the same local or parameter of the same method (a constructor's
     * parameter {@code name} is not its field {@code this.name}).
     */
    private static boolean same(JavaType.@Nullable Variable a, JavaType.Variable b) {
        return a != null && a.getName().equals(b.getName()) && String.valueOf(a.getOwner()).equals(String.valueOf(b.getOwner()));
    }

    /**
     * {@code map.put(key, v)} or {@code putIfAbsent}, {@code v} its last argument and {@code map} a field: a
     * {@code Map}, or any keyed store (apollo's Guava {@code Table}: {@code m_configs.put(appId, namespace, config)}).
     */
    private static boolean putsIntoAFieldsMap(J.MethodInvocation call, JavaType.Variable value) {
        List<Expression> arguments = call.getArguments();
        if (!(call.getSimpleName().equals("put") || call.getSimpleName().equals("putIfAbsent")) || arguments.size() < 2) {
            return false;
        }
        JavaType.Variable map = ExpressionShapes.variableOf(call.getSelect());
        return same(ExpressionShapes.variableOf(arguments.get(arguments.size() - 1)), value) && map != null &&
               map.getOwner() instanceof JavaType.FullyQualified;
    }
}
