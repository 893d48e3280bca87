package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.ReleasePromises;
import dev.rewriteperf.analysis.MagicNumbers;
import dev.rewriteperf.analysis.Templates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a collection construction that is sized for a number of elements: the Java 19 factory where the
 * target release has it, otherwise the constructor with a capacity that holds that many elements without
 * a resize ({@code (int) Math.ceil(n / 0.75)}, the formula the JDK's own factories use).
 * The class is named the way the original construction named it, so its import is already there.
 */
final class Sizing {

    private Sizing() {
    }

    /** A template fragment that evaluates to the element count, and the one expression it takes. */
    static final class Count {
        final String template;
        final Expression parameter;

        private Count(String template, Expression parameter) {
            this.template = template;
            this.parameter = parameter;
        }

        static Count of(Expression count) {
            return new Count("#{any(int)}", count);
        }

        static Count sizeOfCollection(Expression collection) {
            return new Count("#{any(java.util.Collection)}.size()", collection);
        }

        static Count sizeOfMap(Expression map) {
            return new Count("#{any(java.util.Map)}.size()", map);
        }

        static Count lengthOf(Expression array) {
            return new Count("#{anyArray(java.lang.Object)}.length", array);
        }
    }

    /** Replaces {@code newClass} (at {@code cursor}) with the factory of its kind, sized for {@code count}. */
    static J.MethodInvocation factory(Cursor cursor, J.NewClass newClass, HashCollection kind, Count count,
                                      ExecutionContext ctx) {
        String owner = isFullyQualified(newClass) ? kind.fullyQualifiedName : kind.simpleName();
        String typeArguments = explicitTypeArguments(newClass, cursor);
        String code = owner + "." + (typeArguments == null ? "" : typeArguments) + kind.factory + "(" + count.template + ")";
        return apply(cursor, newClass, code, kind.fullyQualifiedName, typeArguments != null, count.parameter, ctx);
    }

    /**
     * Replaces {@code newClass} with a construction sized for {@code count}: the factory of its kind where the
     * file's target release has it, otherwise the capacity constructor.
     */
    static J sizedFor(Cursor cursor, J.NewClass newClass, HashCollection kind, Count count, ExecutionContext ctx) {
        if (ReleasePromises.at(cursor, ctx).has(HashCollection.FACTORY_RELEASE)) {
            return factory(cursor, newClass, kind, count, ctx);
        }
        return capacityConstructor(cursor, newClass, count, ctx);
    }

    /**
     * Why {@link #sizedFor} may not write the capacity constructor at {@code cursor}: before the factories' release it
     * writes the load factor {@code 0.75}, which the project's Checkstyle may forbid. Null when it may.
     */
    static @Nullable String formulaRefusal(Cursor cursor, MagicNumbers numbers, ExecutionContext ctx) {
        return ReleasePromises.at(cursor, ctx).has(HashCollection.FACTORY_RELEASE) ? null : numbers.refusal("0.75", cursor);
    }

    /** {@code new HashMap<>((int) Math.ceil(n / 0.75))}, for releases before the factories. */
    private static J.NewClass capacityConstructor(Cursor cursor, J.NewClass newClass, Count count, ExecutionContext ctx) {
        return constructor(cursor, newClass, "(int) Math.ceil(" + count.template + " / 0.75)", count.parameter, ctx);
    }

    /** {@code new ArrayList<>(n)}: a list's int constructor is already an element count. */
    static J.NewClass countConstructor(Cursor cursor, J.NewClass newClass, Count count, ExecutionContext ctx) {
        return constructor(cursor, newClass, count.template, count.parameter, ctx);
    }

    /** {@code new HashSet<>(source)}: the copy constructor sizes the table for the source's elements. */
    static J.NewClass copyConstructor(Cursor cursor, J.NewClass newClass, Expression source, ExecutionContext ctx) {
        return constructor(cursor, newClass, "#{any(java.util.Collection)}", source, ctx);
    }

    private static J.NewClass constructor(Cursor cursor, J.NewClass newClass, String argument, Expression parameter,
                                          ExecutionContext ctx) {
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(newClass.getType());
        String fqn = type == null ? "" : type.getFullyQualifiedName();
        String owner = isFullyQualified(newClass) ? fqn : fqn.substring(fqn.lastIndexOf('.') + 1);
        String typeArguments = explicitTypeArguments(newClass, cursor);
        String code = "new " + owner + (typeArguments == null ? "<>" : typeArguments) + "(" + argument + ")";
        return apply(cursor, newClass, code, fqn, typeArguments != null, parameter, ctx);
    }

    private static <T extends J> T apply(Cursor cursor, J.NewClass newClass, String code, String importType,
                                          boolean needsContext, Expression parameter, ExecutionContext ctx) {
        JavaTemplate.Builder template = Templates.builder(code, ctx);
        if (!isFullyQualified(newClass)) {
            template.imports(importType);
        }
        if (needsContext) {
            template.contextSensitive();
        }
        return template.build().apply(cursor, newClass.getCoordinates().replace(), parameter);
    }

    /** Why a factory cannot stand in for this construction; null when it can. */
    static @Nullable String factoryRefusal(J.NewClass newClass) {
        if (newClass.getBody() != null) {
            return "anonymous subclass";
        }
        return isRaw(newClass) ? "raw type" : null;
    }

    static boolean isRaw(J.NewClass newClass) {
        return !(newClass.getClazz() instanceof J.ParameterizedType);
    }

    static boolean isDiamond(J.NewClass newClass) {
        return newClass.getClazz() instanceof J.ParameterizedType && !hasExplicitTypeArguments(newClass);
    }

    private static boolean hasExplicitTypeArguments(J.NewClass newClass) {
        if (!(newClass.getClazz() instanceof J.ParameterizedType)) {
            return false;
        }
        List<Expression> arguments = ((J.ParameterizedType) newClass.getClazz()).getTypeParameters();
        return arguments != null && !arguments.isEmpty() && !(arguments.get(0) instanceof J.Empty);
    }

    private static boolean isFullyQualified(J.NewClass newClass) {
        J clazz = newClass.getClazz() instanceof J.ParameterizedType ?
                ((J.ParameterizedType) newClass.getClazz()).getClazz() : newClass.getClazz();
        return clazz instanceof J.FieldAccess;
    }

    /** {@code <String, Integer>} when written out, {@code null} for the diamond. */
    private static @Nullable String explicitTypeArguments(J.NewClass newClass, Cursor cursor) {
        if (!hasExplicitTypeArguments(newClass)) {
            return null;
        }
        return ((J.ParameterizedType) newClass.getClazz()).getTypeParameters().stream()
                .map(a -> a.printTrimmed(cursor))
                .collect(Collectors.joining(", ", "<", ">"));
    }
}
