package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.evaluation.JdkTypes;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The values of one {@code Objects.hash} call: whether the hash can be written out, and the written-out form. */
final class HashedValues {

    /** Beyond this the nested form is harder to read than the call it replaces. */
    private static final int MAX_VALUES = 6;

    /** Types whose {@code hashCode} reads only the value's own state and writes nothing the code can see. */
    private static final Set<String> PURE_HASH_CODE = JdkTypes.union(JdkTypes.STRING_AND_BOXES, "java.lang.Class");

    private static final Set<JavaType.Primitive> PRIMITIVES = EnumSet.of(JavaType.Primitive.Boolean, JavaType.Primitive.Byte,
            JavaType.Primitive.Char, JavaType.Primitive.Short, JavaType.Primitive.Int, JavaType.Primitive.Long,
            JavaType.Primitive.Float, JavaType.Primitive.Double);

    private HashedValues() {
    }

    /** Why {@code Objects.hash(values)} is left alone; null when it can be written out. */
    static @Nullable String reason(List<Expression> values) {
        if (values.isEmpty() || values.size() == 1 && values.get(0) instanceof J.Empty) {
            return "no values: the call returns 1 and allocates an empty array, a case too rare to rewrite";
        }
        if (values.size() == 1 && !isPrimitive(values.get(0).getType()) && !isClassType(values.get(0).getType())) {
            return "a single value that is, or may be, an array (or null) is the varargs array itself: the hash of " +
                   "its elements, not of the value";
        }
        if (values.size() > MAX_VALUES) {
            return "more than " + MAX_VALUES + " values: written out, the hash would be harder to read than the call";
        }
        for (Expression value : values) {
            String reason = valueReason(value);
            if (reason != null) {
                return reason;
            }
        }
        for (int i = 0; i + 1 < values.size(); i++) {
            if (!hasPureHashCode(values.get(i).getType()) && !laterValuesUnchangeable(values, i + 1)) {
                return "`" + values.get(i).printTrimmed() + "` has a hashCode the project may define, which would run " +
                       "before a later value that it could change (a non-final field) is read";
            }
        }
        return null;
    }

    private static @Nullable String valueReason(Expression value) {
        JavaType type = value.getType();
        if (type == null || type instanceof JavaType.Unknown) {
            return "the type of `" + value.printTrimmed() + "` is unknown: its hashCode cannot be chosen";
        }
        if (mayBeAnArray(type)) {
            // Objects.hashCode(array) is the array's identity hash, as in the call, but Error Prone's ArrayHashCode
            // fails the build on it, and it reads as a bug.
            return "`" + value.printTrimmed() + "` is, or may be, an array: hashed by identity, which written out reads as a bug";
        }
        if (!SafeToEvaluate.sameValueEachRead(value)) {
            return "`" + value.printTrimmed() + "` is not a variable, field or literal: written out, it would be " +
                   "evaluated after the earlier values' hashCode instead of before";
        }
        return null;
    }

    /** A class or interface type, with or without type arguments: never an array, never null. */
    private static boolean isClassType(@Nullable JavaType type) {
        return type instanceof JavaType.Class || type instanceof JavaType.Parameterized;
    }

    /** An array, or a type variable (a captured {@code ? extends Object[]} among them) bounded by one. */
    private static boolean mayBeAnArray(@Nullable JavaType type) {
        if (type instanceof JavaType.Array) {
            return true;
        }
        if (type instanceof JavaType.GenericTypeVariable) {
            for (JavaType bound : ((JavaType.GenericTypeVariable) type).getBounds()) {
                if (bound instanceof JavaType.Array || bound instanceof JavaType.GenericTypeVariable && mayBeAnArray(bound)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The eight primitive types (not OpenRewrite's {@code String}, {@code null} or {@code void} "primitives"). */
    static boolean isPrimitive(@Nullable JavaType type) {
        return PRIMITIVES.contains(type);
    }

    private static boolean hasPureHashCode(@Nullable JavaType type) {
        if (isPrimitive(type)) {
            return true;
        }
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return fq != null && (PURE_HASH_CODE.contains(fq.getFullyQualifiedName()) || fq.getKind() == JavaType.FullyQualified.Kind.Enum);
    }

    private static boolean laterValuesUnchangeable(List<Expression> values, int from) {
        for (int i = from; i < values.size(); i++) {
            if (!SafeToEvaluate.unchangedByOtherCode(values.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code 31 * (31 + h(a)) + h(b)}: {@code Arrays.hashCode}'s loop, unrolled, with one template slot per value;
     * {@code objects} is how the file names {@code java.util.Objects} there.
     */
    static String formula(List<Expression> values, String objects) {
        StringBuilder code = new StringBuilder("31 + ").append(term(values.get(0), objects));
        for (int i = 1; i < values.size(); i++) {
            code.insert(0, "31 * (").append(") + ").append(term(values.get(i), objects));
        }
        return code.toString();
    }

    /** The classes the formula names by their simple name: the boxes of the primitive values. */
    static Set<String> boxes(List<Expression> values) {
        Set<String> boxes = new LinkedHashSet<>();
        for (Expression value : values) {
            if (isPrimitive(value.getType())) {
                boxes.add("java.lang." + box((JavaType.Primitive) value.getType()));
            }
        }
        return boxes;
    }

    /** The value's hash as {@code Objects.hash} computes it: of the box, for a primitive. */
    static String term(Expression value, String objects) {
        JavaType type = value.getType();
        if (isPrimitive(type)) {
            JavaType.Primitive primitive = (JavaType.Primitive) type;
            return box(primitive) + ".hashCode(#{any(" + primitive.getKeyword() + ")})";
        }
        return objects + ".hashCode(#{any()})";
    }

    private static String box(JavaType.Primitive primitive) {
        switch (primitive) {
            case Int: return "Integer";
            case Char: return "Character";
            default: return primitive.getKeyword().substring(0, 1).toUpperCase() + primitive.getKeyword().substring(1);
        }
    }
}
