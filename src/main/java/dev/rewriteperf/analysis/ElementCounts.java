package dev.rewriteperf.analysis;

import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

/**
 * Recognises expressions whose value is the number of elements of something: {@code c.size()} of a
 * collection or map, {@code a.length} of an array, or a local variable that was initialised with one of
 * those and never reassigned. Only side-effect free forms qualify, so the count can be read again.
 */
public final class ElementCounts {

    private ElementCounts() {
    }

    public static boolean isElementCount(Expression expression, Cursor cursor) {
        Expression e = PureExpressions.unwrap(expression);
        if (e instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) e;
            return PureExpressions.isSize(call) && call.getSelect() != null && PureExpressions.isPure(call.getSelect());
        }
        if (e instanceof J.FieldAccess) {
            return isArrayLength((J.FieldAccess) e);
        }
        if (e instanceof J.Identifier) {
            Expression initializer = LocalVariables.effectivelyFinalInitializer((J.Identifier) e, cursor);
            return initializer != null && !(PureExpressions.unwrap(initializer) instanceof J.Identifier) &&
                   isElementCount(initializer, cursor);
        }
        return false;
    }

    public static boolean isArrayLength(J.FieldAccess access) {
        return "length".equals(access.getSimpleName()) &&
               access.getTarget().getType() instanceof JavaType.Array &&
               PureExpressions.isPure(access.getTarget());
    }
}
