package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.evaluation.JdkTypes;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The values of one {@code String.format} call: whether concatenation prints each exactly as the format does. */
final class FormattedValues {

    /** Final types whose {@code toString} reads only the value itself: when it runs cannot matter. */
    private static final Set<String> PURE_TO_STRING = JdkTypes.STRING_AND_BOXES;

    /** Types {@code %d} prints as {@code Long.toString} does, given a locale whose digits are ASCII. */
    private static final Set<String> DECIMAL_TYPES = JdkTypes.union(JdkTypes.INTEGRAL_BOXES, "int", "long", "short", "byte");

    /** Locales whose zero digit is {@code '0'} and minus sign {@code '-'}: {@code %d} then prints what concatenation does. */
    private static final Set<String> ASCII_DIGIT_LOCALES = new HashSet<>(Arrays.asList("ROOT", "US", "ENGLISH"));

    private FormattedValues() {
    }

    /**
     * Why {@code values}, printed by {@code pieces}, cannot be concatenated instead; null when they can. {@code locale}
     * is the call's locale argument, null when it has none.
     */
    static @Nullable String reason(List<FormatPieces.Piece> pieces, List<Expression> values, @Nullable Expression locale) {
        if (FormatPieces.values(pieces) != values.size()) {
            return FormatPieces.values(pieces) + " specifiers for " + values.size() + " values: the call throws, or " +
                   "evaluates values it does not print";
        }
        if (locale != null && !SafeToEvaluate.sameValueEachRead(locale)) {
            return "the locale `" + locale.printTrimmed() + "` is computed: concatenation would not evaluate it";
        }
        int v = 0;
        for (FormatPieces.Piece piece : pieces) {
            if (piece.isValue()) {
                String reason = valueReason(piece, values.get(v++), locale);
                if (reason != null) {
                    return reason;
                }
            }
        }
        return orderReason(values);
    }

    private static @Nullable String valueReason(FormatPieces.Piece piece, Expression value, @Nullable Expression locale) {
        JavaType type = typeOf(value);
        if (type == null || type instanceof JavaType.Unknown) {
            return "the type of `" + value.printTrimmed() + "` is unknown: how the format prints it cannot be known";
        }
        if (piece.kind == FormatPieces.Kind.DECIMAL_VALUE) {
            if (!DECIMAL_TYPES.contains(typeName(type))) {
                return "`%d` of `" + value.printTrimmed() + "`: only an int, long, short or byte prints as concatenation does";
            }
            return hasAsciiDigits(locale) ? null : "`%d` prints the digits of the default locale (Arabic or Thai ones, " +
                    "grouping aside): only with Locale.ROOT, US or ENGLISH does it print what concatenation does";
        }
        if (TypeUtils.asPrimitive(type) != null && type != JavaType.Primitive.Null || PURE_TO_STRING.contains(typeName(type))) {
            return null; // a primitive, a String (literal, variable or conditional) or a box
        }
        JavaType.Class fq = type instanceof JavaType.Class ? (JavaType.Class) type : null;
        if (fq == null || !(fq.hasFlags(Flag.Final) || fq.getKind() == JavaType.FullyQualified.Kind.Enum ||
                            fq.getKind() == JavaType.FullyQualified.Kind.Record)) {
            return "`" + value.printTrimmed() + "` may be a Formattable (its type is not a final class, or is an array " +
                   "or null): `%s` would call its formatTo, concatenation its toString";
        }
        if (TypeUtils.isAssignableTo("java.util.Formattable", fq)) {
            return "`" + value.printTrimmed() + "` is a Formattable: `%s` calls its formatTo, concatenation its toString";
        }
        return null;
    }

    /**
     * The format evaluates every value, then calls their {@code toString}s; concatenation may call each as it goes.
     * Either order prints the same when the {@code toString}s are the JDK's own, or when the values are variables that
     * no {@code toString} could change.
     */
    private static @Nullable String orderReason(List<Expression> values) {
        for (int i = 0; i + 1 < values.size(); i++) {
            JavaType type = typeOf(values.get(i));
            if (hasPureToString(type)) {
                continue;
            }
            for (int later = i + 1; later < values.size(); later++) {
                if (!SafeToEvaluate.sameValueEachRead(values.get(later)) || !SafeToEvaluate.unchangedByOtherCode(values.get(later))) {
                    return "`" + values.get(i).printTrimmed() + "` has a toString the project may define, which " +
                           "concatenation could call before `" + values.get(later).printTrimmed() + "` is evaluated";
                }
            }
        }
        return null;
    }

    /** A primitive, a box or a String: printing it reads only the value, and cannot throw. */
    static boolean hasPureToString(@Nullable JavaType type) {
        return TypeUtils.asPrimitive(type) != null && type != JavaType.Primitive.Null || PURE_TO_STRING.contains(typeName(type));
    }

    private static boolean hasAsciiDigits(@Nullable Expression locale) {
        J.Identifier name = locale instanceof J.FieldAccess ? ((J.FieldAccess) locale).getName() :
                locale instanceof J.Identifier ? (J.Identifier) locale : null;
        JavaType.Variable field = name == null ? null : name.getFieldType();
        return field != null && ASCII_DIGIT_LOCALES.contains(field.getName()) &&
               TypeUtils.isOfClassType(field.getOwner(), "java.util.Locale");
    }


    /**
     * The value's type; for a conditional whose branches are both strings, String (OpenRewrite types
     * {@code s == null ? "none" : s} as Object).
     */
    static @Nullable JavaType typeOf(Expression value) {
        if (value instanceof J.Ternary) {
            J.Ternary ternary = (J.Ternary) value;
            if (TypeUtils.isString(typeOf(ternary.getTruePart())) && TypeUtils.isString(typeOf(ternary.getFalsePart()))) {
                return JavaType.ShallowClass.build("java.lang.String");
            }
        }
        if (value instanceof J.Parentheses) {
            return typeOf((Expression) ((J.Parentheses<?>) value).getTree());
        }
        return value.getType();
    }

    /** The primitive keyword or the class name of {@code type}; "" for others. */
    static String typeName(@Nullable JavaType type) {
        JavaType.Primitive primitive = TypeUtils.asPrimitive(type);
        if (TypeUtils.isString(type)) {
            return "java.lang.String";
        }
        if (primitive != null) {
            return primitive.getKeyword();
        }
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return fq == null ? "" : fq.getFullyQualifiedName();
    }
}
