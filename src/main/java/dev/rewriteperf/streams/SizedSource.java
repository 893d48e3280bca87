package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.PureExpressions;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.Set;

/**
 * Where a stream's elements come from, when a plain loop can visit the same elements in the same order and
 * the count is known before the first one: a JDK collection, a map's entry set, key set or values, or an array.
 */
final class SizedSource {

    private static final MethodMatcher COLLECTION_STREAM = new MethodMatcher("java.util.Collection stream()", true);
    private static final MethodMatcher ARRAYS_STREAM = new MethodMatcher("java.util.Arrays stream(..)");
    private static final MethodMatcher STREAM_OF = new MethodMatcher("java.util.stream.Stream of(..)");

    private static final String UNSIZED = "the stream does not come from a collection, a map or an array";

    /** Why a loop cannot replace the stream; null when it can. */
    final @Nullable String refusal;
    /** What the new loop iterates: the collection, the map view or the array. */
    final Expression iterable;
    /** The expression whose {@code size()} or {@code length} is the element count. */
    final Expression counted;
    final boolean isArray;
    /** The loop goes over {@code counted.entrySet()}, which the pipeline itself does not call. */
    private final boolean entries;
    /** The element type as source text; null when it cannot be written. */
    final @Nullable String elementType;
    /** The type {@link #elementType} spells, part for part. */
    final @Nullable JavaType elementJavaType;

    private SizedSource(Expression iterable, Expression counted, boolean isArray, boolean entries,
                        @Nullable JavaType elementJavaType, Set<String> imports) {
        this.refusal = null;
        this.iterable = iterable;
        this.counted = counted;
        this.isArray = isArray;
        this.entries = entries;
        this.elementType = TypeText.of(elementJavaType, imports);
        this.elementJavaType = elementType == null ? null : elementJavaType;
    }

    private SizedSource(Expression stream, String refusal) {
        this.refusal = refusal;
        this.iterable = stream;
        this.counted = stream;
        this.isArray = false;
        this.entries = false;
        this.elementType = null;
        this.elementJavaType = null;
    }

    /** A template for the element count, with {@link #counted} as its one parameter. */
    String sizeTemplate() {
        if (isArray) {
            return "#{anyArray(java.lang.Object)}.length";
        }
        return TypeUtils.isAssignableTo("java.util.Map", counted.getType()) ? "#{any(java.util.Map)}.size()" : "#{any(java.util.Collection)}.size()";
    }

    /** A template for what the loop iterates, with {@link #iterable} as its one parameter. */
    String iterableTemplate() {
        if (entries) {
            return "#{any(java.util.Map)}.entrySet()";
        }
        return isArray ? "#{anyArray(java.lang.Object)}" : "#{any(java.lang.Iterable)}";
    }

    /** The entries of {@code map}, for a loop that reads its keys and values in one pass. */
    static SizedSource entriesOf(Expression map, Set<String> imports) {
        String refusal = refusal(map);
        if (refusal != null) {
            return new SizedSource(map, refusal);
        }
        List<JavaType> kv = jdkTypeParameters(map.getType(), "java.util.Map", 2);
        JavaType.FullyQualified entry = entryClass(map.getType());
        return new SizedSource(map, map, false, true, kv == null || entry == null ? null : new JavaType.Parameterized(null, entry, kv), imports);
    }

    /** The source of {@code stream}, the expression a pipeline starts from, or the reason there is none. */
    static SizedSource of(Expression stream, Set<String> imports) {
        if (!(stream instanceof J.MethodInvocation)) {
            return new SizedSource(stream, UNSIZED);
        }
        J.MethodInvocation call = (J.MethodInvocation) stream;
        if (COLLECTION_STREAM.matches(call) && call.getSelect() != null) {
            return ofCollection(call.getSelect(), imports);
        }
        if (isArraysStream(call) || isStreamOfArray(call)) {
            return ofArray(call.getArguments().get(0), imports);
        }
        return new SizedSource(stream, UNSIZED);
    }

    /** {@code Arrays.stream(a)} of a whole array of objects; the primitive overloads make an IntStream and such. */
    private static boolean isArraysStream(J.MethodInvocation call) {
        if (!ARRAYS_STREAM.matches(call) || call.getArguments().size() != 1) {
            return false;
        }
        JavaType type = call.getArguments().get(0).getType();
        return type instanceof JavaType.Array && !(((JavaType.Array) type).getElemType() instanceof JavaType.Primitive);
    }

    private static boolean isStreamOfArray(J.MethodInvocation call) {
        return STREAM_OF.matches(call) && call.getArguments().size() == 1 && call.getMethodType() != null &&
               call.getMethodType().hasFlags(Flag.Varargs) && call.getArguments().get(0).getType() instanceof JavaType.Array;
    }

    private static SizedSource ofArray(Expression array, Set<String> imports) {
        if (!PureExpressions.isPure(array)) {
            return new SizedSource(array, "the array would be evaluated twice (length and loop) and may have side effects");
        }
        JavaType type = array.getType();
        if (!(type instanceof JavaType.Array)) {
            return new SizedSource(array, "the types are not fully known");
        }
        return new SizedSource(array, array, true, false, ((JavaType.Array) type).getElemType(), imports);
    }

    private static SizedSource ofCollection(Expression collection, Set<String> imports) {
        Expression e = PureExpressions.unwrap(collection);
        if (e instanceof J.MethodInvocation && PureExpressions.isMapView((J.MethodInvocation) e) &&
            ((J.MethodInvocation) e).getSelect() != null) {
            J.MethodInvocation view = (J.MethodInvocation) e;
            Expression map = view.getSelect();
            String refusal = refusal(map);
            if (refusal != null) {
                return new SizedSource(map, refusal);
            }
            return new SizedSource(collection, map, false, false, viewElementType(view, map.getType()), imports);
        }
        String refusal = refusal(collection);
        if (refusal != null) {
            return new SizedSource(collection, refusal);
        }
        List<JavaType> parameters = jdkTypeParameters(collection.getType(), "java.util.Collection", 1);
        return new SizedSource(collection, collection, false, false, parameters == null ? null : parameters.get(0), imports);
    }

    private static @Nullable String refusal(Expression counted) {
        JavaType type = counted.getType();
        if (type == null || type instanceof JavaType.Unknown) {
            return "the types are not fully known";
        }
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        if (fq != null && fq.getPackageName().startsWith("java.util.concurrent") ||
            TypeUtils.isAssignableTo("java.util.concurrent.ConcurrentMap", type)) {
            return "a concurrent collection can change size while it is read";
        }
        if (!PureExpressions.isPure(counted)) {
            return "the source would be evaluated twice (size and loop) and may have side effects";
        }
        return null;
    }

    /** {@code K}, {@code V} or {@code Map.Entry<K, V>} for a map of declared type {@code Map<K, V>}. */
    private static @Nullable JavaType viewElementType(J.MethodInvocation view, @Nullable JavaType mapType) {
        List<JavaType> kv = jdkTypeParameters(mapType, "java.util.Map", 2);
        if (kv == null) {
            return null;
        }
        switch (view.getSimpleName()) {
            case "keySet":
                return kv.get(0);
            case "values":
                return kv.get(1);
            default:
                JavaType.FullyQualified entry = entryClass(mapType);
                return entry == null ? null : new JavaType.Parameterized(null, entry, kv);
        }
    }

    /** {@code Map.Entry} itself, from the {@code Set<Map.Entry<..>>} that the map's {@code entrySet()} returns. */
    private static JavaType.@Nullable FullyQualified entryClass(@Nullable JavaType mapType) {
        JavaType.FullyQualified map = TypeUtils.asFullyQualified(mapType);
        if (map == null) {
            return null;
        }
        for (JavaType.Method method : map.getMethods()) {
            if ("entrySet".equals(method.getName()) && method.getParameterTypes().isEmpty()) {
                return entryClassIn(method.getReturnType());
            }
        }
        for (JavaType.FullyQualified parent : map.getInterfaces()) {
            JavaType.FullyQualified entry = entryClass(parent);
            if (entry != null) {
                return entry;
            }
        }
        return null;
    }

    private static JavaType.@Nullable FullyQualified entryClassIn(@Nullable JavaType entrySet) {
        if (!(entrySet instanceof JavaType.Parameterized) || ((JavaType.Parameterized) entrySet).getTypeParameters().size() != 1) {
            return null;
        }
        JavaType entry = ((JavaType.Parameterized) entrySet).getTypeParameters().get(0);
        return entry instanceof JavaType.Parameterized && TypeUtils.isOfClassType(entry, "java.util.Map$Entry") ?
                ((JavaType.Parameterized) entry).getType() : null;
    }

    /**
     * The type arguments of a {@code java.util} collection or map type, which all declare theirs in the order
     * of the interface they implement ({@code <E>}, {@code <K, V>}); null for other types.
     */
    private static @Nullable List<JavaType> jdkTypeParameters(@Nullable JavaType type, String iface, int count) {
        if (!(type instanceof JavaType.Parameterized) || !TypeUtils.isAssignableTo(iface, type)) {
            return null;
        }
        JavaType.Parameterized parameterized = (JavaType.Parameterized) type;
        boolean jdk = "java.util".equals(parameterized.getPackageName());
        return jdk && parameterized.getTypeParameters().size() == count ? parameterized.getTypeParameters() : null;
    }
}
