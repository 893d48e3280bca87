package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

/**
 * Recognises expressions whose value is the number of elements of something: {@code c.size()} of a
 * collection or map, {@code a.length} of an array, or a local variable that was initialised with one of
 * those and never reassigned. Says nothing about side effects: callers that evaluate the count again
 * must also ask {@link SafeToEvaluate#withoutSideEffects}.
 */
public final class ElementCounts {

    private ElementCounts() {
    }

    public static boolean isElementCount(Expression expression, Cursor cursor) {
        Expression e = ExpressionShapes.unwrap(expression);
        if (e instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) e;
            return ExpressionShapes.isSize(call) && call.getSelect() != null;
        }
        if (e instanceof J.FieldAccess) {
            J.FieldAccess access = (J.FieldAccess) e;
            return "length".equals(access.getSimpleName()) && access.getTarget().getType() instanceof JavaType.Array;
        }
        if (e instanceof J.Identifier) {
            Expression initializer = LocalVariables.effectivelyFinalInitializer((J.Identifier) e, cursor);
            return initializer != null && !(ExpressionShapes.unwrap(initializer) instanceof J.Identifier) &&
                   isElementCount(initializer, cursor);
        }
        return false;
    }
}
