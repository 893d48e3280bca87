package dev.rewriteperf.analysis;

import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.EnumSet;
import java.util.Set;

/**
 * Expressions that can be evaluated again, or earlier, without a visible effect: variables, fields,
 * literals, array lengths and the read-only views and sizes of JDK collections and maps.
 * Anything else, including a call into user code, is treated as impure.
 */
public final class PureExpressions {

    private static final MethodMatcher COLLECTION_SIZE = new MethodMatcher("java.util.Collection size()", true);
    private static final MethodMatcher MAP_SIZE = new MethodMatcher("java.util.Map size()", true);
    private static final MethodMatcher MAP_KEY_SET = new MethodMatcher("java.util.Map keySet()", true);
    private static final MethodMatcher MAP_VALUES = new MethodMatcher("java.util.Map values()", true);
    private static final MethodMatcher MAP_ENTRY_SET = new MethodMatcher("java.util.Map entrySet()", true);

    private static final Set<J.Binary.Type> STABLE_OPERATORS = EnumSet.of(J.Binary.Type.Addition,
            J.Binary.Type.Subtraction, J.Binary.Type.Multiplication, J.Binary.Type.LeftShift, J.Binary.Type.RightShift,
            J.Binary.Type.UnsignedRightShift, J.Binary.Type.BitAnd, J.Binary.Type.BitOr, J.Binary.Type.BitXor);

    private PureExpressions() {
    }

    public static boolean isPure(Expression expression) {
        Expression e = unwrap(expression);
        if (e instanceof J.Identifier || e instanceof J.Literal) {
            return true;
        }
        if (e instanceof J.FieldAccess) {
            Expression target = ((J.FieldAccess) e).getTarget();
            return isPure(target) || isTypeName(target);
        }
        if (e instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) e;
            return call.getSelect() != null && isPure(call.getSelect()) && isSizeOrView(call);
        }
        return false;
    }

    /**
     * Variables that are not volatile, literals, {@code a.length}, and {@code + - * << >> >>> & | ^ ~} and
     * casts of them: reading such an expression once or several times in a row gives the same value and throws
     * nothing.
     */
    public static boolean isStableArithmetic(Expression expression) {
        Expression e = unwrap(expression);
        if (e instanceof J.Literal) {
            return true;
        }
        if (e instanceof J.Identifier) {
            JavaType.Variable variable = ((J.Identifier) e).getFieldType();
            return variable != null && !variable.hasFlags(Flag.Volatile);
        }
        if (e instanceof J.FieldAccess) {
            J.FieldAccess access = (J.FieldAccess) e;
            JavaType.Variable variable = access.getName().getFieldType();
            boolean arrayLength = "length".equals(access.getSimpleName()) && access.getTarget().getType() instanceof JavaType.Array;
            return (arrayLength || variable != null && !variable.hasFlags(Flag.Volatile)) &&
                   (isTypeName(access.getTarget()) || isStableArithmetic(access.getTarget()));
        }
        if (e instanceof J.TypeCast) {
            return ((J.TypeCast) e).getType() instanceof JavaType.Primitive && isStableArithmetic(((J.TypeCast) e).getExpression());
        }
        if (e instanceof J.Unary) {
            J.Unary.Type operator = ((J.Unary) e).getOperator();
            return (operator == J.Unary.Type.Negative || operator == J.Unary.Type.Complement || operator == J.Unary.Type.Positive) &&
                   isStableArithmetic(((J.Unary) e).getExpression());
        }
        if (e instanceof J.Binary) {
            J.Binary binary = (J.Binary) e;
            return STABLE_OPERATORS.contains(binary.getOperator()) && e.getType() instanceof JavaType.Primitive &&
                   isStableArithmetic(binary.getLeft()) && isStableArithmetic(binary.getRight());
        }
        return false;
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

    /** Strips parentheses, including those a cast keeps its operand in. */
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

    private static boolean isTypeName(Expression e) {
        return e instanceof J.Identifier && ((J.Identifier) e).getFieldType() == null &&
               TypeUtils.asFullyQualified(e.getType()) != null ||
               e instanceof J.FieldAccess && e.getType() instanceof JavaType.FullyQualified &&
               ((J.FieldAccess) e).getName().getFieldType() == null;
    }
}
