package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.names.DeclaredTypes;
import dev.rewriteperf.analysis.names.TypeText;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.Set;

/**
 * The type of a sized source's elements, for the loop variable that visits them: copied from the source's
 * declaration when the file has it ({@code Args<K, V>} from {@code List<Args<K, V>> arguments}), else written
 * from the attributed type where {@link DeclaredTypes#isWritableFromAttribution} allows.
 */
final class ElementType {

    private static final String WILDCARD = "the source's element type is a wildcard, which a loop variable cannot be declared with";
    private static final String UNDECLARED = "the source's element type involves type variables, and the recipe copies such " +
                                             "a type only from a declaration of the source in this file";

    /** As source text; null when it cannot be written, and then {@link #reason} says why. */
    final @Nullable String text;
    /** The declaration's own tree that {@link #text} prints, when there is exactly one. */
    final @Nullable TypeTree tree;
    final @Nullable JavaType type;
    final @Nullable String reason;

    private ElementType(@Nullable String text, @Nullable TypeTree tree, @Nullable JavaType type, @Nullable String reason) {
        this.text = text;
        this.tree = tree;
        this.type = type;
        this.reason = reason;
    }

    static ElementType refused(String reason) {
        return new ElementType(null, null, null, reason);
    }

    /** {@code E} of a JDK collection declared as {@code List<E>}, {@code Set<E>} and such. */
    static ElementType ofCollection(Expression collection, Cursor cursor, Set<String> imports) {
        List<JavaType> attributed = jdkTypeParameters(collection.getType(), "java.util.Collection", 1);
        JavaType type = attributed == null ? null : attributed.get(0);
        List<Expression> declared = declaredTypeArguments(collection, cursor, "java.util.Collection", 1);
        if (declared != null) {
            return declared(declared.get(0), type, cursor, isEnumKeyed(collection));
        }
        return fromAttribution(type, cursor, imports, isEnumKeyed(collection));
    }

    /** The component type of an array, as its declaration writes it. */
    static ElementType ofArray(Expression array, JavaType.Array type, Cursor cursor, Set<String> imports) {
        J.VariableDeclarations declaration = DeclaredTypes.declarationOf(array, cursor);
        TypeTree component = declaration == null ? null : DeclaredTypes.componentOf(declaration);
        if (component != null) {
            return declared(component, type.getElemType(), cursor);
        }
        return fromAttribution(type.getElemType(), cursor, imports, false);
    }

    /** {@code K} for {@code keySet}, {@code V} for {@code values} and {@code Map.Entry<K, V>} for {@code entrySet}. */
    static ElementType ofMapView(String view, Expression map, Cursor cursor, Set<String> imports) {
        List<JavaType> kv = jdkTypeParameters(map.getType(), "java.util.Map", 2);
        JavaType.FullyQualified entryClass = entryClass(map.getType());
        JavaType type = kv == null ? null : "keySet".equals(view) ? kv.get(0) : "values".equals(view) ? kv.get(1) :
                entryClass == null ? null : new JavaType.Parameterized(null, entryClass, kv);
        List<Expression> declared = declaredTypeArguments(map, cursor, "java.util.Map", 2);
        if (declared == null) {
            return fromAttribution(type, cursor, imports, !"values".equals(view) && isEnumKeyed(map));
        }
        if ("keySet".equals(view) || "values".equals(view)) {
            return declared(declared.get("keySet".equals(view) ? 0 : 1), type, cursor, "keySet".equals(view) && isEnumKeyed(map));
        }
        if (type == null) {
            return refused("the map's entry type is not known");
        }
        if (declared.get(0) instanceof J.Wildcard && isEnumKeyed(map)) {
            return refused(WILDCARD); // a Map.Entry<?, V>'s key is an object, where the EnumMap's was an enum
        }
        imports.add("java.util.Map");
        String entry = "Map.Entry<" + declared.get(0).printTrimmed(cursor) + ", " + declared.get(1).printTrimmed(cursor) + ">";
        return new ElementType(entry, null, type, null);
    }

    /**
     * The loop variable's type for a declared type argument: the argument, the bound of {@code ? extends T}, and
     * {@code Object} for {@code ?} or {@code ? super T} of a type parameter with no bound, whose elements are known to
     * be no more than objects.
     */
    private static ElementType declared(Expression typeArgument, @Nullable JavaType type, Cursor cursor, boolean boundedParameter) {
        if (typeArgument instanceof J.Wildcard && !boundedParameter && (((J.Wildcard) typeArgument).getBound() == null
                                                   || ((J.Wildcard) typeArgument).getBound() == J.Wildcard.Bound.Super)) {
            return new ElementType("Object", null, JavaType.ShallowClass.build("java.lang.Object"), null);
        }
        return declared(DeclaredTypes.asVariableType(typeArgument), type, cursor);
    }

    /**
     * An {@code EnumSet} or an {@code EnumMap}'s keys: their type parameter is bounded by {@code Enum}, so even a
     * {@code ?} element has an enum's methods ({@code name()}), which an {@code Object} variable would not.
     */
    private static boolean isEnumKeyed(Expression source) {
        return TypeUtils.isAssignableTo("java.util.EnumSet", source.getType()) || TypeUtils.isAssignableTo("java.util.EnumMap", source.getType());
    }

    private static ElementType declared(@Nullable TypeTree tree, @Nullable JavaType type, Cursor cursor) {
        if (tree == null) {
            return refused(WILDCARD);
        }
        return type == null ? refused("the types are not fully known") : new ElementType(tree.printTrimmed(cursor), tree, type, null);
    }

    /**
     * The element type written from attribution; {@code enumKeyed} where the elements (or the entries' keys) are
     * enums whatever a {@code ?} says, so that a wildcard there cannot be written as {@code Object}.
     */
    private static ElementType fromAttribution(@Nullable JavaType type, Cursor cursor, Set<String> imports, boolean enumKeyed) {
        if (type == null) {
            return refused("the source's element type cannot be written in source");
        }
        if (!DeclaredTypes.isWritableFromAttribution(type, cursor)) {
            return refused(UNDECLARED);
        }
        if (enumKeyed && (TypeText.isWildcard(type) || type instanceof JavaType.Parameterized
                          && !((JavaType.Parameterized) type).getTypeParameters().isEmpty()
                          && TypeText.isWildcard(((JavaType.Parameterized) type).getTypeParameters().get(0)))) {
            return refused(WILDCARD);
        }
        if (TypeText.isWildcard(type)) {
            // no loop variable can be declared `?`: it takes the bound, as declared() does for a written argument
            JavaType bound = TypeText.upperBound(type);
            return bound == null ? refused(WILDCARD) : fromAttribution(bound, cursor, imports, false);
        }
        String text = TypeText.of(type, imports);
        return text == null ? refused("the source's element type cannot be written in source") : new ElementType(text, null, type, null);
    }

    /**
     * The type arguments the declaration of {@code source} writes, when it declares a JDK type implementing
     * {@code iface} with {@code count} of them.
     */
    private static @Nullable List<Expression> declaredTypeArguments(Expression source, Cursor cursor, String iface, int count) {
        J.VariableDeclarations declaration = DeclaredTypes.declarationOf(source, cursor);
        if (declaration == null || jdkTypeParameters(declaration.getType(), iface, count) == null) {
            return null;
        }
        List<Expression> arguments = DeclaredTypes.typeArgumentsOf(declaration.getTypeExpression());
        return arguments != null && arguments.size() == count ? arguments : null;
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
