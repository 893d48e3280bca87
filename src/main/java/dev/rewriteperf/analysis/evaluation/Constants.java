package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The one place that says which values are constants, in the senses the recipes need: a {@code static final} field;
 * one whose value cannot change either; a number somebody chose (a literal, such a field, or arithmetic of those); and
 * a value that may be a compile-time constant.
 */
public final class Constants {

    /** JDK classes whose instances never change, beyond the value types: {@code Locale.ROOT}, {@code UTF_8}, ... */
    private static final Set<String> IMMUTABLE_JDK_TYPES = new HashSet<>(Arrays.asList("java.util.Locale",
            "java.nio.charset.Charset", "java.math.BigInteger", "java.math.BigDecimal", "java.util.regex.Pattern",
            "java.util.UUID", "java.time.Duration", "java.time.Instant", "java.time.ZoneOffset",
            "java.time.format.DateTimeFormatter"));

    private Constants() {
    }

    /** Whether {@code variable} is a {@code static final} field: it is assigned once, when its class is initialised. */
    public static boolean isStaticFinal(JavaType.@Nullable Variable variable) {
        return variable != null && variable.hasFlags(Flag.Static, Flag.Final);
    }

    /**
     * Whether {@code variable} is a {@code static final} field whose value cannot change: a primitive, a JDK value type,
     * a {@code Class}, an enum constant or another immutable JDK object (a final field can still hold a list that
     * others fill).
     */
    public static boolean isUnchanging(JavaType.Variable variable) {
        if (!isStaticFinal(variable)) {
            return false;
        }
        JavaType type = variable.getType();
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return type instanceof JavaType.Primitive ||
               fq != null && (ReadOnlyJdk.isValueType(fq.getFullyQualifiedName()) ||
                              "java.lang.Class".equals(fq.getFullyQualifiedName()) ||
                              IMMUTABLE_JDK_TYPES.contains(fq.getFullyQualifiedName()) ||
                              fq.getKind() == JavaType.FullyQualified.Kind.Enum);
    }

    /** A literal, a {@code static final} field, or arithmetic of those: a size somebody chose on purpose. */
    public static boolean isChosenNumber(Expression expression) {
        Expression e = ExpressionShapes.unwrap(expression);
        if (e instanceof J.Literal) {
            return true;
        }
        JavaType.Variable field = ExpressionShapes.variableOf(e);
        if (field != null) {
            return isStaticFinal(field);
        }
        if (e instanceof J.Binary) {
            return isChosenNumber(((J.Binary) e).getLeft()) && isChosenNumber(((J.Binary) e).getRight());
        }
        return false;
    }

    /**
     * Whether {@code value} may be a compile-time constant: a literal (signed or in parentheses too), or a final
     * variable or field of a primitive or {@code String} type (whose initialiser may be a constant; when it is not,
     * the value is treated alike all the same).
     */
    public static boolean mayBeCompileTimeConstant(Expression value) {
        if (value instanceof J.Literal) {
            return true;
        }
        if (value instanceof J.Unary || value instanceof J.Parentheses) {
            return true; // -1, (2): conservatively a constant, whatever it wraps
        }
        JavaType.Variable variable = ExpressionShapes.variableOf(value);
        return variable != null && variable.hasFlags(Flag.Final) &&
               (variable.getType() instanceof JavaType.Primitive || TypeUtils.isString(variable.getType()));
    }
}
