package dev.rewriteperf.analysis;

import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** What {@link SideEffectFreeCode} knows of the JDK: which calls only read, which types are values or collections. */
final class ReadOnlyJdk {

    private static final Set<String> VALUE_TYPES = new HashSet<>(Arrays.asList(
            "java.lang.String", "java.lang.Character", "java.lang.Boolean", "java.lang.Byte", "java.lang.Short",
            "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Math",
            "java.lang.StrictMath", "java.lang.Enum", "java.util.Objects", "java.util.Optional",
            "java.lang.annotation.Annotation"));

    private static final Set<String> REFLECTION_WRITES_OR_CALLS = new HashSet<>(Arrays.asList(
            "invoke", "newInstance", "forName", "getResource", "getResourceAsStream"));

    /** {@code Field} methods that read or write a field's value, which may change, rather than describe it. */
    private static final Set<String> FIELD_VALUE_ACCESS = new HashSet<>(Arrays.asList(
            "get", "getBoolean", "getByte", "getChar", "getShort", "getInt", "getLong", "getFloat", "getDouble",
            "set", "setBoolean", "setByte", "setChar", "setShort", "setInt", "setLong", "setFloat", "setDouble"));

    private static final Set<String> READ_ONLY_COLLECTION_METHODS = new HashSet<>(Arrays.asList(
            "size", "isEmpty", "contains", "containsKey", "containsValue", "get", "getOrDefault", "indexOf",
            "keySet", "values", "entrySet", "getKey", "getValue", "iterator", "hasNext", "next", "stream",
            "toArray", "of", "copyOf", "asList", "copyOfRange", "emptyList", "emptySet", "emptyMap",
            "singletonList", "singleton", "singletonMap", "unmodifiableList", "unmodifiableSet",
            "unmodifiableMap", "unmodifiableCollection", "first", "last", "ofEntries", "entry"));

    private ReadOnlyJdk() {
    }

    /** A JDK method that only reads: value types, annotations, reflection that describes, collections that are read. */
    static boolean isReadOnlyCall(JavaType.FullyQualified declaring, String owner, String name) {
        if (declaring.getKind() == JavaType.FullyQualified.Kind.Annotation || VALUE_TYPES.contains(owner)) {
            return true;
        }
        if (owner.equals("java.lang.Class") || owner.startsWith("java.lang.reflect.")) {
            return !REFLECTION_WRITES_OR_CALLS.contains(name) &&
                   !(owner.equals("java.lang.reflect.Field") && FIELD_VALUE_ACCESS.contains(name));
        }
        if (owner.equals("java.lang.Object")) {
            return name.equals("getClass");
        }
        return isCollectionApi(declaring) && READ_ONLY_COLLECTION_METHODS.contains(name) ||
               owner.startsWith("java.util.stream.");
    }

    /** A static final primitive, value type, {@code Class} or enum constant: it cannot change. */
    static boolean isConstant(JavaType.Variable variable) {
        if (!variable.hasFlags(Flag.Static, Flag.Final)) {
            return false;
        }
        JavaType type = variable.getType();
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return type instanceof JavaType.Primitive ||
               fq != null && (VALUE_TYPES.contains(fq.getFullyQualifiedName()) ||
                              "java.lang.Class".equals(fq.getFullyQualifiedName()) ||
                              fq.getKind() == JavaType.FullyQualified.Kind.Enum);
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
