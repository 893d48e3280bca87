package dev.rewriteperf.analysis.evaluation;

import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** What {@link SideEffectFreeCode} knows of the JDK: which calls only read, which types are values or collections. */
final class ReadOnlyJdk {

    /** {@code String}, the boxes, the big numbers, and the JDK's stateless helpers and values around them. */
    private static final Set<String> VALUE_TYPES = JdkTypes.union(JdkTypes.STRING_AND_BOXES, "java.lang.Math",
            "java.lang.StrictMath", "java.lang.Enum", "java.util.Objects", "java.util.Optional",
            "java.lang.annotation.Annotation", "java.math.BigDecimal", "java.math.BigInteger");

    private static final Set<String> REFLECTION_WRITES_OR_CALLS = new HashSet<>(Arrays.asList(
            "invoke", "newInstance", "forName", "getResource", "getResourceAsStream"));

    /** {@code Field} methods that read or write a field's value, which may change, rather than describe it. */
    private static final Set<String> FIELD_VALUE_ACCESS = new HashSet<>(Arrays.asList(
            "get", "getBoolean", "getByte", "getChar", "getShort", "getInt", "getLong", "getFloat", "getDouble",
            "set", "setBoolean", "setByte", "setChar", "setShort", "setInt", "setLong", "setFloat", "setDouble"));

    private ReadOnlyJdk() {
    }

    /**
     * A JDK method that only reads: value types, annotations, reflection that describes (a class, its package, its
     * members), collections that are read, a comparator or an identity function made.
     */
    static boolean isReadOnlyCall(JavaType.FullyQualified declaring, String owner, String name) {
        if (declaring.getKind() == JavaType.FullyQualified.Kind.Annotation || VALUE_TYPES.contains(owner)) {
            return true;
        }
        if (owner.equals("java.util.Comparator")) {
            // its factories and defaults make a comparator; compare and equals run one's code, which may be any
            return !name.equals("compare") && !name.equals("equals");
        }
        if (owner.equals("java.lang.Class") || owner.equals("java.lang.Package") || owner.startsWith("java.lang.reflect.")) {
            return !REFLECTION_WRITES_OR_CALLS.contains(name) &&
                   !(owner.equals("java.lang.reflect.Field") && FIELD_VALUE_ACCESS.contains(name));
        }
        if (owner.equals("java.lang.Object")) {
            return name.equals("getClass");
        }
        if (owner.equals("java.util.function.Function") || owner.equals("java.util.function.UnaryOperator")) {
            return name.equals("identity"); // makes a function; apply runs one's code, which may be any
        }
        return isCollectionApi(declaring) && JdkTypes.COLLECTION_READS.contains(name) ||
               owner.startsWith("java.util.stream.");
    }

    /** Whether {@code name} is a JDK type whose calls only read: {@code String}, a box, {@code Math}, {@code Objects}, ... */
    static boolean isValueType(String name) {
        return VALUE_TYPES.contains(name);
    }

    /**
     * The non-concurrent collections, maps, entries and iterators of {@code java.util} and their static helpers;
     * not other {@code java.util} classes, whose {@code next()} may read input ({@code Scanner}) or whose
     * constructor may start a thread ({@code Timer}).
     */
    private static boolean isCollectionApi(JavaType.FullyQualified type) {
        String name = type.getFullyQualifiedName();
        if (!name.startsWith("java.util.") || name.startsWith("java.util.concurrent.")) {
            return false;
        }
        return name.equals("java.util.Arrays") || name.equals("java.util.Collections") ||
               name.equals("java.util.Iterator") || name.equals("java.util.ListIterator") ||
               TypeUtils.isAssignableTo("java.util.Collection", type) || TypeUtils.isAssignableTo("java.util.Map", type) ||
               TypeUtils.isAssignableTo("java.util.Map$Entry", type);
    }

    /** JDK types whose instances code may create and own: values, builders, collections, exceptions, errors. */
    static boolean isValueOrCollection(JavaType.FullyQualified type) {
        String name = type.getFullyQualifiedName();
        return isCollectionApi(type) || VALUE_TYPES.contains(name) || name.equals("java.lang.StringBuilder") || name.equals("java.lang.Object") ||
               name.startsWith("java.lang.") && name.endsWith("Exception") || name.endsWith("Error") && name.startsWith("java.lang.");
    }
}
