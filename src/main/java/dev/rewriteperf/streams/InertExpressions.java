package dev.rewriteperf.streams;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

/**
 * Expressions that may be evaluated after the stream pipeline instead of before it: nothing the pipeline does
 * can change their value, and reading them cannot throw.
 */
final class InertExpressions {

    private InertExpressions() {
    }

    /**
     * A literal, {@code this}, a type name, a local variable or parameter, or a final field: evaluating the
     * pipeline first cannot change its value, and reading it cannot throw.
     */
    static boolean isInert(Expression e) {
        if (e instanceof J.Parentheses && ((J.Parentheses<?>) e).getTree() instanceof Expression) {
            return isInert((Expression) ((J.Parentheses<?>) e).getTree());
        }
        if (e instanceof J.Literal || e instanceof J.Empty) {
            return true;
        }
        if (e instanceof J.FieldAccess) {
            J.FieldAccess access = (J.FieldAccess) e;
            boolean onThisOrType = access.getTarget() instanceof J.Identifier &&
                                   (((J.Identifier) access.getTarget()).getFieldType() == null || isThis(access.getTarget()));
            return onThisOrType && isUnchanging(access.getName().getFieldType());
        }
        if (e instanceof J.Identifier) {
            J.Identifier identifier = (J.Identifier) e;
            return isThis(identifier) || identifier.getFieldType() == null && identifier.getType() instanceof JavaType.FullyQualified ||
                   isUnchanging(identifier.getFieldType());
        }
        return false;
    }

    /** A local variable or parameter (which a lambda cannot assign), or a final field. */
    private static boolean isUnchanging(JavaType.@Nullable Variable variable) {
        return variable != null && (variable.getOwner() instanceof JavaType.Method || variable.hasFlags(Flag.Final));
    }

    static boolean isThis(Expression e) {
        return e instanceof J.Identifier && "this".equals(((J.Identifier) e).getSimpleName());
    }
}
