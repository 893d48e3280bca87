package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.writing.HashTables;
import dev.rewriteperf.analysis.writing.Templates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JContainer;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;

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
        if (ReleasePromises.at(cursor, ctx).has(HashTables.FACTORY_RELEASE)) {
            return factory(cursor, newClass, kind, count, ctx);
        }
        return capacityConstructor(cursor, newClass, count, ctx);
    }

    /**
     * Why {@link #sizedFor} may not write the capacity constructor at {@code cursor}: before the factories' release it
     * writes the load factor {@code 0.75}, which the project's Checkstyle may forbid. Null when it may.
     */
    static @Nullable String formulaReason(Cursor cursor, MagicNumbers numbers, ExecutionContext ctx) {
        return ReleasePromises.at(cursor, ctx).has(HashTables.FACTORY_RELEASE) ? null : numbers.reason(HashTables.LOAD_FACTOR, cursor);
    }

    /** {@code new HashMap<>((int) Math.ceil(n / 0.75))}, for releases before the factories. */
    private static J.NewClass capacityConstructor(Cursor cursor, J.NewClass newClass, Count count, ExecutionContext ctx) {
        return constructor(cursor, newClass, HashTables.capacityFor(count.template), count.parameter, ctx);
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
        return withWrittenTypeArguments(template.build().apply(cursor, newClass.getCoordinates().replace(), parameter), newClass);
    }

    /**
     * {@code sized} with the type arguments of {@code newClass} as the file wrote them: a template spaces them its own
     * way ({@code <Class<?>, Annotation>} beside the file's {@code <Class<?>,Annotation>}).
     */
    @SuppressWarnings("unchecked")
    private static <T extends J> T withWrittenTypeArguments(T sized, J.NewClass newClass) {
        if (!hasExplicitTypeArguments(newClass)) {
            return sized;
        }
        JContainer<Expression> written = ((J.ParameterizedType) newClass.getClazz()).getPadding().getTypeParameters();
        if (sized instanceof J.NewClass && ((J.NewClass) sized).getClazz() instanceof J.ParameterizedType) {
            J.ParameterizedType clazz = (J.ParameterizedType) ((J.NewClass) sized).getClazz();
            return (T) ((J.NewClass) sized).withClazz(clazz.getPadding().withTypeParameters(written));
        }
        if (sized instanceof J.MethodInvocation && ((J.MethodInvocation) sized).getTypeParameters() != null) {
            J.MethodInvocation factory = (J.MethodInvocation) sized;
            return (T) factory.getPadding().withTypeParameters(written.withBefore(factory.getPadding().getTypeParameters().getBefore()));
        }
        return sized;
    }

    /** Why a factory cannot stand in for this construction; null when it can. */
    static @Nullable String factoryReason(J.NewClass newClass) {
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

    /** {@code <String, Integer>} as the file wrote them (its spacing kept), {@code null} for the diamond. */
    private static @Nullable String explicitTypeArguments(J.NewClass newClass, Cursor cursor) {
        if (!hasExplicitTypeArguments(newClass)) {
            return null;
        }
        return writtenTypeArguments(newClass.getClazz().printTrimmed(cursor), 0);
    }

    /** The type arguments {@code <..>} of {@code code} that open at or after {@code from}, as written; "" when none. */
    static String writtenTypeArguments(String code, int from) {
        int start = code.indexOf('<', from);
        if (start < 0) {
            return "";
        }
        int depth = 0;
        for (int i = start; i < code.length(); i++) {
            depth += code.charAt(i) == '<' ? 1 : code.charAt(i) == '>' ? -1 : 0;
            if (depth == 0) {
                return code.substring(start, i + 1);
            }
        }
        return "";
    }
}
