package dev.rewriteperf.analysis;

import org.openrewrite.Cursor;
import org.openrewrite.java.tree.J;

/** Where an expression stands in its parent: what a recipe replacing it by another expression must respect. */
public final class ExpressionPlaces {

    private ExpressionPlaces() {
    }

    /**
     * Whether the expression at {@code cursor} stands as a statement or a lambda's body, where its value may be
     * discarded: only a call, an assignment or a creation may stand there, so an operator expression would not compile.
     */
    public static boolean isStatement(Cursor cursor) {
        Object parent = cursor.getParentTreeCursor().getValue();
        return parent instanceof J.Block || parent instanceof J.Lambda || parent instanceof J.Case ||
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
}
