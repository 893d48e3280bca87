package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

/**
 * Small questions about the shape of an expression: sizes and views of JDK collections and maps, int literals,
 * names, array lengths, parentheses. Whether an expression may be evaluated again, earlier or once instead of
 * repeatedly is {@link SafeToEvaluate}'s question.
 */
public final class ExpressionShapes {

    private static final MethodMatcher COLLECTION_SIZE = new MethodMatcher("java.util.Collection size()", true);
    private static final MethodMatcher MAP_SIZE = new MethodMatcher("java.util.Map size()", true);
    private static final MethodMatcher MAP_KEY_SET = new MethodMatcher("java.util.Map keySet()", true);
    private static final MethodMatcher MAP_VALUES = new MethodMatcher("java.util.Map values()", true);
    private static final MethodMatcher MAP_ENTRY_SET = new MethodMatcher("java.util.Map entrySet()", true);

    private ExpressionShapes() {
    }

    /** {@code c.size()}, {@code m.size()}, {@code m.keySet()}, {@code m.values()}, {@code m.entrySet()}. */
    public static boolean isSizeOrView(J.MethodInvocation call) {
        return COLLECTION_SIZE.matches(call) || MAP_SIZE.matches(call) || isMapView(call);
    }

    public static boolean isMapView(J.MethodInvocation call) {
        return MAP_KEY_SET.matches(call) || MAP_VALUES.matches(call) || MAP_ENTRY_SET.matches(call);
    }

    public static boolean isSize(J.MethodInvocation call) {
        return COLLECTION_SIZE.matches(call) || MAP_SIZE.matches(call);
    }

    /** The int literal {@code value}, through parentheses; {@code -1} also as a negated literal. */
    public static boolean isIntLiteral(Expression expression, int value) {
        Expression e = unwrap(expression);
        if (e instanceof J.Unary && ((J.Unary) e).getOperator() == J.Unary.Type.Negative && value != Integer.MIN_VALUE) {
            return isIntLiteral(((J.Unary) e).getExpression(), -value);
        }
        return e instanceof J.Literal && Integer.valueOf(value).equals(((J.Literal) e).getValue());
    }

    /** The variable {@code name}, through parentheses. */
    public static boolean isNamed(Expression expression, String name) {
        Expression e = unwrap(expression);
        return e instanceof J.Identifier && ((J.Identifier) e).getSimpleName().equals(name);
    }

    /** {@code array.length}. */
    public static boolean isLengthOf(Expression expression, String array) {
        Expression e = unwrap(expression);
        return e instanceof J.FieldAccess && "length".equals(((J.FieldAccess) e).getSimpleName()) &&
               isNamed(((J.FieldAccess) e).getTarget(), array);
    }

    /** Whether {@code expression} is the literal {@code null}. */
    public static boolean isNullLiteral(Expression expression) {
        return expression instanceof J.Literal && ((J.Literal) expression).getValue() == null &&
               "null".equals(((J.Literal) expression).getValueSource());
    }

    /** The variable a name or a field access refers to ({@code cache}, {@code this.cache}); null for anything else. */
    public static JavaType.@Nullable Variable variableOf(@Nullable Expression expression) {
        return expression instanceof J.Identifier ? ((J.Identifier) expression).getFieldType() :
                expression instanceof J.FieldAccess ? ((J.FieldAccess) expression).getName().getFieldType() : null;
    }

    /** Strips parentheses, including the control parentheses around an {@code if} or {@code while} condition. */
    public static Expression unwrap(Expression expression) {
        Expression e = expression;
        while (true) {
            if (e instanceof J.Parentheses && ((J.Parentheses<?>) e).getTree() instanceof Expression) {
                e = (Expression) ((J.Parentheses<?>) e).getTree();
            } else if (e instanceof J.ControlParentheses && ((J.ControlParentheses<?>) e).getTree() instanceof Expression) {
                e = (Expression) ((J.ControlParentheses<?>) e).getTree();
            } else {
                return e;
            }
        }
    }
}
