package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

/**
 * Reads the capacity argument of a hash collection constructor: a hand-written formula that sizes the
 * table for {@code n} elements at the 0.75 load factor, or a constant the author chose.
 */
final class CapacityFormulas {

    private static final MethodMatcher MATH_CEIL = new MethodMatcher("java.lang.Math ceil(double)");

    private CapacityFormulas() {
    }

    /**
     * The {@code n} of {@code (int) (n / 0.75f) + 1}, {@code (int) (n / 0.75 + 1)}, {@code (int) Math.ceil(n / 0.75)},
     * {@code n * 4 / 3 + 1} or {@code n * 4 / 3}, in any operand order; {@code null} for anything else.
     */
    static @Nullable Expression elementCountOf(Expression capacity) {
        Expression e = ExpressionShapes.unwrap(capacity);
        if (isBinary(e, J.Binary.Type.Addition)) {
            Expression rest = otherThanOne((J.Binary) e);
            if (rest == null) {
                return null;
            }
            Expression count = countOfIntCast(rest);
            return intCount(count != null ? count : countOfFourThirds(rest));
        }
        Expression count = countOfIntCast(e);
        if (count == null) {
            Expression inner = intCastOperand(e);
            if (inner != null && isBinary(inner, J.Binary.Type.Addition)) {
                Expression rest = otherThanOne((J.Binary) inner);
                count = rest == null ? null : countOfDivisionByLoadFactor(rest);
            } else if (inner instanceof J.MethodInvocation && MATH_CEIL.matches((J.MethodInvocation) inner)) {
                count = countOfDivisionByLoadFactor(((J.MethodInvocation) inner).getArguments().get(0));
            }
        }
        return intCount(count != null ? count : countOfFourThirds(e));
    }

    /**
     * {@code (int) Math.ceil(n / 0.75)}: what the JDK's factories compute, and what this pack writes for
     * releases that do not have them.
     */
    static boolean isJdkFormula(Expression capacity) {
        Expression inner = intCastOperand(capacity);
        return inner instanceof J.MethodInvocation && MATH_CEIL.matches((J.MethodInvocation) inner) &&
               countOfDivisionByLoadFactor(((J.MethodInvocation) inner).getArguments().get(0)) != null;
    }


    /** {@code (int) (n / 0.75f)} */
    private static @Nullable Expression countOfIntCast(Expression e) {
        Expression operand = intCastOperand(e);
        return operand == null ? null : countOfDivisionByLoadFactor(operand);
    }

    private static @Nullable Expression intCastOperand(Expression e) {
        Expression unwrapped = ExpressionShapes.unwrap(e);
        if (unwrapped instanceof J.TypeCast && unwrapped.getType() == JavaType.Primitive.Int) {
            return ExpressionShapes.unwrap(((J.TypeCast) unwrapped).getExpression());
        }
        return null;
    }

    /** {@code n / 0.75f}, {@code (float) n / .75f} */
    private static @Nullable Expression countOfDivisionByLoadFactor(Expression e) {
        Expression unwrapped = ExpressionShapes.unwrap(e);
        if (!isBinary(unwrapped, J.Binary.Type.Division) || !isNumber(((J.Binary) unwrapped).getRight(), 0.75)) {
            return null;
        }
        Expression count = ExpressionShapes.unwrap(((J.Binary) unwrapped).getLeft());
        if (count instanceof J.TypeCast) {
            count = ExpressionShapes.unwrap(((J.TypeCast) count).getExpression());
        }
        return count;
    }

    /** {@code n * 4 / 3}, {@code 4 * n / 3} */
    private static @Nullable Expression countOfFourThirds(Expression e) {
        Expression unwrapped = ExpressionShapes.unwrap(e);
        if (!isBinary(unwrapped, J.Binary.Type.Division) || !ExpressionShapes.isIntLiteral(((J.Binary) unwrapped).getRight(), 3)) {
            return null;
        }
        Expression product = ExpressionShapes.unwrap(((J.Binary) unwrapped).getLeft());
        if (!isBinary(product, J.Binary.Type.Multiplication)) {
            return null;
        }
        J.Binary times = (J.Binary) product;
        return ExpressionShapes.isIntLiteral(times.getRight(), 4) ? times.getLeft() : ExpressionShapes.isIntLiteral(times.getLeft(), 4) ? times.getRight() : null;
    }

    private static @Nullable Expression otherThanOne(J.Binary sum) {
        return isNumber(sum.getRight(), 1) ? sum.getLeft() : isNumber(sum.getLeft(), 1) ? sum.getRight() : null;
    }

    private static @Nullable Expression intCount(@Nullable Expression count) {
        return count != null && ExpressionShapes.unwrap(count).getType() == JavaType.Primitive.Int ?
                ExpressionShapes.unwrap(count) : null;
    }

    private static boolean isBinary(Expression e, J.Binary.Type operator) {
        return e instanceof J.Binary && ((J.Binary) e).getOperator() == operator;
    }

    private static boolean isNumber(Expression e, double value) {
        Expression unwrapped = ExpressionShapes.unwrap(e);
        return unwrapped instanceof J.Literal && ((J.Literal) unwrapped).getValue() instanceof Number &&
               ((Number) ((J.Literal) unwrapped).getValue()).doubleValue() == value;
    }
}
