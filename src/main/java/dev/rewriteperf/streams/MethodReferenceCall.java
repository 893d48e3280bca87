package dev.rewriteperf.streams;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JContainer;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.NameTree;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.marker.Markers;

import java.util.Collections;

import static org.openrewrite.Tree.randomId;

/**
 * A method reference in {@code map(..)} written as the call it stands for, applied to a loop variable (or to
 * the value an earlier {@code map} gives, see {@link ComposedMaps}):
 * {@code Type::instanceMethod} becomes {@code e.instanceMethod()}, {@code Type::staticMethod}
 * {@code Type.staticMethod(e)}, {@code Type::new} {@code new Type(e)} and {@code this::method}
 * {@code method(e)}, {@code Type.class::cast} {@code Type.class.cast(e)}. A reference bound to another expression
 * ({@code service::lookup}) evaluates that expression once, and throws if it is null even when there are no
 * elements, so it is not rewritten.
 */
final class MethodReferenceCall {

    private MethodReferenceCall() {
    }

    /**
     * The call {@code reference} makes with {@code argument}, typed by the reference; null for other references. A
     * static method of {@code enclosingClass}, the class whose code the call is written in, is called by its name
     * alone ({@code parseLine(line)}, not {@code Cli.parseLine(line)}), as its own class's code calls it.
     */
    static @Nullable Expression applied(J.MemberReference reference, Expression argument,
                                        JavaType.@Nullable FullyQualified enclosingClass) {
        JavaType.Method method = reference.getMethodType();
        Expression containing = reference.getContaining();
        if (method == null || reference.getTypeParameters() != null || method.hasFlags(Flag.Varargs)) {
            return null;
        }
        int parameters = method.getParameterTypes().size();
        if (method.isConstructor()) {
            return containing instanceof TypeTree && !(containing instanceof J.ArrayType) && parameters == 1 ?
                    new J.NewClass(randomId(), Space.EMPTY, Markers.EMPTY, null, Space.EMPTY,
                            withDiamond((TypeTree) containing).withPrefix(Space.SINGLE_SPACE), arguments(argument), null, method) : null;
        }
        J.Identifier name = reference.getReference().withPrefix(Space.EMPTY).withType(method);
        if (isTypeName(containing)) {
            if (method.hasFlags(Flag.Static) && parameters == 1 && !(containing instanceof J.ParameterizedType)) {
                boolean own = enclosingClass != null
                              && method.getDeclaringType().getFullyQualifiedName().equals(enclosingClass.getFullyQualifiedName());
                return call(own ? null : containing.withPrefix(Space.EMPTY), name, arguments(argument), method);
            }
            return !method.hasFlags(Flag.Static) && parameters == 0 ?
                    call(argument, name, JContainer.build(Collections.singletonList(JRightPadded.build(new J.Empty(randomId(), Space.EMPTY, Markers.EMPTY)))), method) : null;
        }
        boolean onThis = containing instanceof J.Identifier && "this".equals(((J.Identifier) containing).getSimpleName());
        if (isClassLiteral(containing) && !method.hasFlags(Flag.Static) && parameters == 1) {
            JavaType.Method typed = ofTheLiteralsClass(method, containing.getType());
            return call(containing.withPrefix(Space.EMPTY), name.withType(typed), arguments(argument), typed);
        }
        return onThis && !method.hasFlags(Flag.Static) && parameters == 1 ? call(null, name, arguments(argument), method) : null;
    }

    /**
     * The class whose members a call written at {@code cursor} sees first by name: its innermost class declaration;
     * null within an anonymous class, whose own methods could share the name.
     */
    static JavaType.@Nullable FullyQualified enclosingClass(Cursor cursor) {
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.NewClass && ((J.NewClass) value).getBody() != null) {
                return null;
            }
            if (value instanceof J.ClassDeclaration) {
                return ((J.ClassDeclaration) value).getType();
            }
        }
        return null;
    }

    /** {@code Class<T>.cast} returning {@code Type} for {@code Type.class}, where the reference's method type says {@code T}. */
    private static JavaType.Method ofTheLiteralsClass(JavaType.Method method, @Nullable JavaType literal) {
        if ("cast".equals(method.getName()) && method.getReturnType() instanceof JavaType.GenericTypeVariable &&
            literal instanceof JavaType.Parameterized &&
            ((JavaType.Parameterized) literal).getTypeParameters().size() == 1) {
            return method.withReturnType(((JavaType.Parameterized) literal).getTypeParameters().get(0));
        }
        return method;
    }

    /**
     * {@code Type.class} in {@code Type.class::cast}: bound, but evaluating it has no effect and gives the same
     * object every time, never null, so the call can be written once per element.
     */
    static boolean isClassLiteral(Expression containing) {
        return containing instanceof J.FieldAccess && "class".equals(((J.FieldAccess) containing).getSimpleName());
    }

    /**
     * {@code ArrayList} in {@code ArrayList::new} stands for {@code ArrayList<T>} with {@code T} inferred: written
     * out, it needs the diamond, or the call would create a raw type.
     */
    private static TypeTree withDiamond(TypeTree type) {
        JavaType.FullyQualified fq = type.getType() instanceof JavaType.FullyQualified ? (JavaType.FullyQualified) type.getType() : null;
        if (!(type instanceof NameTree) || type instanceof J.ParameterizedType || fq == null || fq.getTypeParameters().isEmpty()) {
            return type;
        }
        return new J.ParameterizedType(randomId(), Space.EMPTY, Markers.EMPTY, (NameTree) type,
                JContainer.build(Collections.singletonList(JRightPadded.build((Expression) new J.Empty(randomId(), Space.EMPTY, Markers.EMPTY)))),
                fq);
    }

    private static J.MethodInvocation call(@Nullable Expression select, J.Identifier name, JContainer<Expression> arguments,
                                           JavaType.Method method) {
        return new J.MethodInvocation(randomId(), Space.EMPTY, Markers.EMPTY, select == null ? null : JRightPadded.build(select),
                null, name, arguments, method);
    }

    private static JContainer<Expression> arguments(Expression argument) {
        return JContainer.build(Collections.singletonList(JRightPadded.build(argument)));
    }

    /** {@code String} or {@code java.util.Objects}: a type, not a value, on the left of {@code ::}. */
    static boolean isTypeName(Expression containing) {
        if (containing instanceof J.Identifier) {
            return ((J.Identifier) containing).getFieldType() == null && containing.getType() instanceof JavaType.FullyQualified &&
                   !"this".equals(((J.Identifier) containing).getSimpleName()) && !"super".equals(((J.Identifier) containing).getSimpleName());
        }
        if (containing instanceof J.FieldAccess) {
            return ((J.FieldAccess) containing).getName().getFieldType() == null && containing.getType() instanceof JavaType.FullyQualified;
        }
        return containing instanceof J.ParameterizedType;
    }
}
