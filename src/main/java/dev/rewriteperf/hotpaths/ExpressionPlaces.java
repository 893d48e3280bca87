package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.HashSet;
import java.util.Set;

/** Where an expression stands in its parent: what a recipe replacing it by another expression must respect. */
public final class ExpressionPlaces {

    private ExpressionPlaces() {
    }

    /**
     * Whether the expression at {@code cursor} stands as a statement, or as the body of a lambda whose function returns
     * nothing (or whose function is not known), where its value is discarded: only a call, an assignment or a creation
     * may stand there, so an operator expression would not compile.
     */
    public static boolean isStatement(Cursor cursor) {
        Object parent = cursor.getParentTreeCursor().getValue();
        if (parent instanceof J.Lambda) {
            return !returnsValue((J.Lambda) parent);
        }
        if (parent instanceof J.Case && ((J.Case) parent).getBody() == cursor.getValue()) {
            // an arrow case's expression is the value of a switch expression, a statement of a switch statement
            Object owner = cursor.dropParentUntil(v -> v instanceof J.Switch || v instanceof J.SwitchExpression).getValue();
            return !(owner instanceof J.SwitchExpression);
        }
        return parent instanceof J.Block || parent instanceof J.Case ||
               parent instanceof J.If || parent instanceof J.If.Else || parent instanceof J.Label ||
               parent instanceof J.WhileLoop || parent instanceof J.DoWhileLoop || parent instanceof J.ForLoop ||
               parent instanceof J.ForLoop.Control || parent instanceof J.ForEachLoop;
    }

    /**
     * Whether an operator expression ({@code a + b}) replacing the expression at {@code cursor} must be parenthesised:
     * it is an operand of another operator, of a cast or {@code instanceof}, or the target of a call or field access.
     */
    public static boolean operatorNeedsParentheses(Cursor cursor) {
        Object parent = cursor.getParentTreeCursor().getValue();
        Object expression = cursor.getValue();
        if (parent instanceof J.MethodInvocation) {
            return ((J.MethodInvocation) parent).getSelect() == expression;
        }
        return parent instanceof J.Binary || parent instanceof J.Unary || parent instanceof J.TypeCast ||
               parent instanceof J.InstanceOf || parent instanceof J.FieldAccess || parent instanceof J.MemberReference ||
               parent instanceof J.ArrayAccess && ((J.ArrayAccess) parent).getIndexed() == expression;
    }

    /** Whether the lambda's function (its interface's one abstract method) returns a value; false when not known. */
    private static boolean returnsValue(J.Lambda lambda) {
        JavaType.Method function = abstractMethod(TypeUtils.asFullyQualified(lambda.getType()), new HashSet<>());
        return function != null && function.getReturnType() != JavaType.Primitive.Void
               && function.getReturnType() != JavaType.Unknown.getInstance();
    }

    private static JavaType.@Nullable Method abstractMethod(JavaType.@Nullable FullyQualified type, Set<String> seen) {
        if (type == null || !seen.add(type.getFullyQualifiedName())) {
            return null;
        }
        for (JavaType.Method method : type.getMethods()) {
            if (method.hasFlags(Flag.Abstract) && !method.hasFlags(Flag.Default) && !isObjectMethod(method)) {
                return method;
            }
        }
        for (JavaType.FullyQualified parent : type.getInterfaces()) {
            JavaType.Method method = abstractMethod(parent, seen);
            if (method != null) {
                return method;
            }
        }
        return null;
    }

    /** {@code equals}, {@code hashCode}, {@code toString}: an interface may declare them without their being its function. */
    private static boolean isObjectMethod(JavaType.Method method) {
        String name = method.getName();
        return name.equals("equals") && method.getParameterTypes().size() == 1
               || (name.equals("hashCode") || name.equals("toString")) && method.getParameterTypes().isEmpty();
    }
}
