package dev.rewriteperf.analysis.evaluation;

import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/**
 * The JDK's value types, by fully qualified name, listed once: the boxes of the primitives and {@code String}, whose
 * instances cannot change and whose {@code equals}, {@code hashCode} and {@code toString} read only the value.
 */
public final class JdkTypes {

    /** The boxes of the integral primitives, whose {@code %d} is their decimal digits. */
    public static final Set<String> INTEGRAL_BOXES = unmodifiable("java.lang.Integer", "java.lang.Long",
            "java.lang.Short", "java.lang.Byte");

    /** The boxes of every primitive. */
    public static final Set<String> BOXES = union(INTEGRAL_BOXES, "java.lang.Character", "java.lang.Boolean",
            "java.lang.Double", "java.lang.Float");

    /** {@code String} and the boxes: final classes whose methods read only the value they hold. */
    public static final Set<String> STRING_AND_BOXES = union(BOXES, "java.lang.String");

    /**
     * Methods of the JDK's collections, maps, entries and iterators, and of their static helpers, that only read: what
     * is added to a collection, and whether, is never changed by them.
     */
    public static final Set<String> COLLECTION_READS = unmodifiable(
            "size", "isEmpty", "contains", "containsKey", "containsValue", "get", "getOrDefault", "indexOf",
            "keySet", "values", "entrySet", "getKey", "getValue", "iterator", "hasNext", "next", "stream",
            "toArray", "of", "copyOf", "asList", "copyOfRange", "emptyList", "emptySet", "emptyMap",
            "singletonList", "singleton", "singletonMap", "unmodifiableList", "unmodifiableSet",
            "unmodifiableMap", "unmodifiableCollection", "first", "last", "ofEntries", "entry");

    private JdkTypes() {
    }

    /** Whether {@code type} is a box whose {@code equals} is its value's {@code ==} (not {@code Double} or {@code Float}, with NaN and -0). */
    public static boolean hasPlainEquality(String type) {
        return BOXES.contains(type) && !type.equals("java.lang.Double") && !type.equals("java.lang.Float");
    }

    /** Whether {@code type} is {@code String} or a box. */
    public static boolean isStringOrBox(JavaType type) {
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return fq != null && STRING_AND_BOXES.contains(fq.getFullyQualifiedName());
    }

    public static Set<String> union(Set<String> set, String... more) {
        Set<String> all = new HashSet<>(set);
        all.addAll(Arrays.asList(more));
        return Collections.unmodifiableSet(all);
    }

    private static Set<String> unmodifiable(String... names) {
        return Collections.unmodifiableSet(new HashSet<>(Arrays.asList(names)));
    }
}
