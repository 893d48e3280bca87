package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.EnumSet;
import java.util.Set;

/**
 * The one place that says when an expression may be evaluated at another time, or another number of times, than the
 * code it comes from says. A rewrite that reads an expression again, earlier, once instead of repeatedly, or several
 * times instead of once must ask the question below that matches what it does; picking a weaker one is a correctness
 * bug, picking a stronger one only refuses more. (Whether a piece of <em>code</em>, such as a lambda, may run twice
 * or have its result cached is a different question: {@link SideEffectFreeCode}.)
 *
 * <table>
 * <caption>The four rules</caption>
 * <tr><th>rule</th><th>accepts</th><th>guarantees</th><th>does not guarantee</th><th>for a rewrite that</th></tr>
 * <tr><td>{@link #withoutSideEffects}</td>
 *     <td>variables, literals, fields of such targets or of type names, and {@code size()}, {@code keySet()},
 *         {@code values()}, {@code entrySet()} of a {@code Collection} or {@code Map} on such targets (a project
 *         class that implements them is trusted to keep their read-only contract)</td>
 *     <td>evaluating it an extra time, or earlier, changes nothing else</td>
 *     <td>the same value if other code writes what it reads in between; no exception (a null target throws)</td>
 *     <td>reads a size or a source a second time next to the first read (pre-sized loops and collections)</td></tr>
 * <tr><td>{@link #sameValueEachRead}</td>
 *     <td>non-volatile variables and fields (also of {@code this} or a type), literals, {@code a.length},
 *         {@code + - * << >> >>> & | ^} and unary {@code - + ~} on primitives, and primitive casts of them</td>
 *     <td>reading it several times in a row, with nothing in between, gives the same value and throws nothing
 *         that the first read would not</td>
 *     <td>the same value across calls or stores made in between: a caller that moves it past other code
 *         (a scratch array's size hoisted out of a loop) must also check that nothing can write it</td>
 *     <td>reads an array, index or value once where the code read it once per byte in consecutive expressions
 *         or statements (byte views)</td></tr>
 * <tr><td>{@link #unchangedByOtherCode}</td>
 *     <td>literals, an omitted argument, {@code this}, type names, local variables and parameters, and final
 *         fields of a simple name without a variable ({@code this}, {@code super}, an unqualified type name);
 *         parentheses are looked through, qualified type names such as {@code java.lang.Integer.MAX_VALUE}
 *         are refused</td>
 *     <td>no call, lambda or store evaluated in between can change its value, and reading it cannot throw</td>
 *     <td>anything for expressions with calls or non-final fields: they are refused</td>
 *     <td>moves other code (a whole stream pipeline) before the expression (loop placement)</td></tr>
 * <tr><td>{@link #variableOrFieldOfVariable}</td>
 *     <td>a simple name (a variable or a type name), or a field of one</td>
 *     <td>evaluating it once instead of once per loop iteration calls no method (a type's static initialiser
 *         runs at most once, at the first read either way) and reads the same object as long as the loop
 *         assigns neither name</td>
 *     <td>that the loop assigns neither: the caller checks its loop</td>
 *     <td>replaces a loop that evaluates the expression per iteration by one call (copy loops)</td></tr>
 * </table>
 */
public final class SafeToEvaluate {

    private static final Set<J.Binary.Type> ARITHMETIC = EnumSet.of(J.Binary.Type.Addition,
            J.Binary.Type.Subtraction, J.Binary.Type.Multiplication, J.Binary.Type.LeftShift, J.Binary.Type.RightShift,
            J.Binary.Type.UnsignedRightShift, J.Binary.Type.BitAnd, J.Binary.Type.BitOr, J.Binary.Type.BitXor);

    private SafeToEvaluate() {
    }

    /** Evaluating {@code expression} again, or earlier, has no side effect (see the class's table). */
    public static boolean withoutSideEffects(Expression expression) {
        Expression e = ExpressionShapes.unwrap(expression);
        if (e instanceof J.Identifier || e instanceof J.Literal) {
            return true;
        }
        if (e instanceof J.FieldAccess) {
            Expression target = ((J.FieldAccess) e).getTarget();
            return withoutSideEffects(target) || isTypeName(target);
        }
        if (e instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) e;
            return call.getSelect() != null && withoutSideEffects(call.getSelect()) && ExpressionShapes.isSizeOrView(call);
        }
        return false;
    }

    /** Reading {@code expression} several times in a row gives the same value each time (see the class's table). */
    public static boolean sameValueEachRead(Expression expression) {
        Expression e = ExpressionShapes.unwrap(expression);
        if (e instanceof J.Literal) {
            return true;
        }
        if (e instanceof J.Identifier) {
            return isNonVolatile(((J.Identifier) e).getFieldType());
        }
        if (e instanceof J.FieldAccess) {
            J.FieldAccess access = (J.FieldAccess) e;
            boolean arrayLength = "length".equals(access.getSimpleName()) && access.getTarget().getType() instanceof JavaType.Array;
            return (arrayLength || isNonVolatile(access.getName().getFieldType())) &&
                   (isTypeName(access.getTarget()) || sameValueEachRead(access.getTarget()));
        }
        if (e instanceof J.TypeCast) {
            return ((J.TypeCast) e).getType() instanceof JavaType.Primitive && sameValueEachRead(((J.TypeCast) e).getExpression());
        }
        if (e instanceof J.Unary) {
            J.Unary.Type operator = ((J.Unary) e).getOperator();
            return (operator == J.Unary.Type.Negative || operator == J.Unary.Type.Complement || operator == J.Unary.Type.Positive) &&
                   sameValueEachRead(((J.Unary) e).getExpression());
        }
        if (e instanceof J.Binary) {
            J.Binary binary = (J.Binary) e;
            return ARITHMETIC.contains(binary.getOperator()) && e.getType() instanceof JavaType.Primitive &&
                   sameValueEachRead(binary.getLeft()) && sameValueEachRead(binary.getRight());
        }
        return false;
    }

    /** No other code evaluated in between can change the value of {@code e} (see the class's table). */
    public static boolean unchangedByOtherCode(Expression e) {
        if (e instanceof J.Parentheses && ((J.Parentheses<?>) e).getTree() instanceof Expression) {
            return unchangedByOtherCode((Expression) ((J.Parentheses<?>) e).getTree());
        }
        if (e instanceof J.Literal || e instanceof J.Empty) {
            return true;
        }
        if (e instanceof J.FieldAccess) {
            J.FieldAccess access = (J.FieldAccess) e;
            boolean onThisOrType = access.getTarget() instanceof J.Identifier &&
                                   (((J.Identifier) access.getTarget()).getFieldType() == null || isThis(access.getTarget()));
            return onThisOrType && isLocalOrFinal(access.getName().getFieldType());
        }
        if (e instanceof J.Identifier) {
            J.Identifier identifier = (J.Identifier) e;
            return isThis(identifier) || identifier.getFieldType() == null && identifier.getType() instanceof JavaType.FullyQualified ||
                   isLocalOrFinal(identifier.getFieldType());
        }
        return false;
    }

    /** {@code expression} is a variable or a field of a variable: evaluating it calls nothing (see the class's table). */
    public static boolean variableOrFieldOfVariable(Expression expression) {
        Expression e = ExpressionShapes.unwrap(expression);
        return e instanceof J.Identifier ||
               e instanceof J.FieldAccess && ExpressionShapes.unwrap(((J.FieldAccess) e).getTarget()) instanceof J.Identifier;
    }

    private static boolean isNonVolatile(JavaType.@Nullable Variable variable) {
        return variable != null && !variable.hasFlags(Flag.Volatile);
    }

    /** A local variable or parameter (which neither a lambda nor a called method can assign), or a final field. */
    private static boolean isLocalOrFinal(JavaType.@Nullable Variable variable) {
        return variable != null && (variable.getOwner() instanceof JavaType.Method || variable.hasFlags(Flag.Final));
    }

    private static boolean isThis(Expression e) {
        return e instanceof J.Identifier && "this".equals(((J.Identifier) e).getSimpleName());
    }

    private static boolean isTypeName(Expression e) {
        return e instanceof J.Identifier && ((J.Identifier) e).getFieldType() == null &&
               TypeUtils.asFullyQualified(e.getType()) != null ||
               e instanceof J.FieldAccess && e.getType() instanceof JavaType.FullyQualified &&
               ((J.FieldAccess) e).getName().getFieldType() == null;
    }
}
