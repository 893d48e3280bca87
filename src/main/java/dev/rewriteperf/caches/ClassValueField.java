package dev.rewriteperf.caches;

import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.stream.Collectors;

/** The {@code ClassValue} field that replaces a class-keyed cache, and the types its call sites need. */
final class ClassValueField {

    private ClassValueField() {
    }

    /** Why the declared map type cannot be carried over to a {@code ClassValue}; null when it can. */
    static @Nullable String typeReason(J.VariableDeclarations declaration) {
        if (!(declaration.getTypeExpression() instanceof J.ParameterizedType)) {
            return "its type is not written as `Map<Class<..>, V>`";
        }
        List<Expression> typeArguments = ((J.ParameterizedType) declaration.getTypeExpression()).getTypeParameters();
        if (typeArguments == null || typeArguments.size() != 2) {
            return "its type is not written as `Map<Class<..>, V>`";
        }
        JavaType key = typeArguments.get(0).getType();
        if (!(key instanceof JavaType.Parameterized) || !(keyArgument(key) instanceof JavaType.GenericTypeVariable)) {
            return "keyed by a raw or exact `Class` type rather than `Class<?>` or `Class<? extends T>`";
        }
        JavaType.GenericTypeVariable wildcard = (JavaType.GenericTypeVariable) keyArgument(key);
        if (!"?".equals(wildcard.getName()) || wildcard.getVariance() == JavaType.GenericTypeVariable.Variance.CONTRAVARIANT ||
            wildcard.getBounds().size() > 1 || !wildcard.getBounds().isEmpty() &&
                                               wildcard.getBounds().get(0) instanceof JavaType.Parameterized) {
            return "keyed by a `Class` type the recipe cannot restate";
        }
        if (typeArguments.get(1) instanceof J.Wildcard) {
            return "its value type is a wildcard";
        }
        return null;
    }

    private static @Nullable JavaType keyArgument(JavaType key) {
        List<JavaType> arguments = ((JavaType.Parameterized) key).getTypeParameters();
        return arguments.size() == 1 ? arguments.get(0) : null;
    }

    /** The source of the replacing field declaration, for a context-sensitive template. */
    static String code(ClassKeyedCache cache, J.VariableDeclarations declaration, Cursor cursor) {
        List<Expression> typeArguments = ((J.ParameterizedType) declaration.getTypeExpression()).getTypeParameters();
        assert typeArguments != null;
        String valueType = typeArguments.get(1).printTrimmed(cursor);
        boolean bounded = !((JavaType.GenericTypeVariable) keyArgument(typeArguments.get(0).getType())).getBounds().isEmpty();
        String keyType = bounded ? typeArguments.get(0).printTrimmed(cursor) : null;
        Expression function = cache.fills.get(0).function;
        String parameter = parameterName(function, bounded);
        String modifiers = declaration.getModifiers().stream()
                .map(modifier -> modifier.getType().name().toLowerCase())
                .collect(Collectors.joining(" "));
        return modifiers + " ClassValue<" + valueType + "> " + cache.name() + " = new ClassValue<" + valueType + ">() {\n" +
               "@Override\n" +
               (bounded && ComputeFunction.castsKey(function) ? "@SuppressWarnings(\"unchecked\")\n" : "") +
               "protected " + valueType + " computeValue(Class<?> " + parameter + ") " +
               ComputeFunction.methodBody(function, parameter, keyType, fieldOwner(cache), cursor) + "\n};";
    }

    private static JavaType.@Nullable FullyQualified fieldOwner(ClassKeyedCache cache) {
        JavaType.Variable field = cache.variable.getVariableType();
        return field == null ? null : TypeUtils.asFullyQualified(field.getOwner());
    }

    private static String parameterName(Expression function, boolean bounded) {
        if (function instanceof J.Lambda && !bounded) {
            return ComputeFunction.parameterName((J.Lambda) function);
        }
        for (String name : new String[]{"type", "key", "clazz", "cls"}) {
            if (References.countNamed(function, name) == 0) {
                return name;
            }
        }
        return "classKey";
    }

    /** {@code ClassValue<V>.get(Class<?>)}, returning {@code V}. */
    static JavaType.@Nullable Method getMethod(@Nullable JavaType classValue) {
        if (!(classValue instanceof JavaType.Parameterized)) {
            return null;
        }
        JavaType.Parameterized type = (JavaType.Parameterized) classValue;
        for (JavaType.Method method : type.getMethods()) {
            if ("get".equals(method.getName())) {
                return method.withDeclaringType(type).withReturnType(type.getTypeParameters().get(0));
            }
        }
        return null;
    }
}
