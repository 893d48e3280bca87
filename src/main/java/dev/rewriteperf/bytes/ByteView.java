package dev.rewriteperf.bytes;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/** A {@code MethodHandles.byteArrayViewVarHandle(T[].class, order)}: a component type and a byte order. */
final class ByteView implements Comparable<ByteView> {

    private static final MethodMatcher BYTE_ARRAY_VIEW =
            new MethodMatcher("java.lang.invoke.MethodHandles byteArrayViewVarHandle(java.lang.Class, java.nio.ByteOrder)");
    static final String VAR_HANDLE = "java.lang.invoke.VarHandle";
    /** Fields are declared narrowest first, integers before floating point. */
    private static final List<JavaType.Primitive> ORDER = Arrays.asList(JavaType.Primitive.Short, JavaType.Primitive.Char,
            JavaType.Primitive.Int, JavaType.Primitive.Long, JavaType.Primitive.Float, JavaType.Primitive.Double);

    final JavaType.Primitive component;
    final boolean bigEndian;

    ByteView(JavaType.Primitive component, boolean bigEndian) {
        this.component = component;
        this.bigEndian = bigEndian;
    }

    /** {@code INT_BE}, {@code LONG_LE}. */
    String fieldName() {
        return component.getKeyword().toUpperCase(Locale.ROOT) + (bigEndian ? "_BE" : "_LE");
    }

    String declaration(String name) {
        return "private static final VarHandle " + name + " = MethodHandles.byteArrayViewVarHandle(" +
               component.getKeyword() + "[].class, ByteOrder." + (bigEndian ? "BIG_ENDIAN" : "LITTLE_ENDIAN") + ");";
    }

    /** The view a {@code static final VarHandle} field is initialised with, or null when it is not a byte array view. */
    static @Nullable ByteView declaredBy(J.VariableDeclarations field) {
        if (field.getVariables().size() != 1 || !field.hasModifier(J.Modifier.Type.Static) ||
            !field.hasModifier(J.Modifier.Type.Final) || !TypeUtils.isOfClassType(field.getType(), VAR_HANDLE)) {
            return null;
        }
        Expression initializer = field.getVariables().get(0).getInitializer();
        if (!(initializer instanceof J.MethodInvocation) || !BYTE_ARRAY_VIEW.matches(initializer)) {
            return null;
        }
        J.MethodInvocation view = (J.MethodInvocation) initializer;
        Expression type = unwrap(view.getArguments().get(0));
        Expression order = unwrap(view.getArguments().get(1));
        if (!(type instanceof J.FieldAccess) || !"class".equals(((J.FieldAccess) type).getSimpleName()) ||
            !(((J.FieldAccess) type).getTarget().getType() instanceof JavaType.Array)) {
            return null;
        }
        JavaType component = ((JavaType.Array) ((J.FieldAccess) type).getTarget().getType()).getElemType();
        String orderName = order instanceof J.FieldAccess ? ((J.FieldAccess) order).getSimpleName() :
                order instanceof J.Identifier ? ((J.Identifier) order).getSimpleName() : "";
        if (!(component instanceof JavaType.Primitive) ||
            !"BIG_ENDIAN".equals(orderName) && !"LITTLE_ENDIAN".equals(orderName)) {
            return null;
        }
        return new ByteView((JavaType.Primitive) component, "BIG_ENDIAN".equals(orderName));
    }

    @Override
    public int compareTo(ByteView other) {
        int byComponent = Integer.compare(ORDER.indexOf(component), ORDER.indexOf(other.component));
        return byComponent != 0 ? byComponent : Boolean.compare(other.bigEndian, bigEndian);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteView && ((ByteView) o).component == component && ((ByteView) o).bigEndian == bigEndian;
    }

    @Override
    public int hashCode() {
        return Objects.hash(component, bigEndian);
    }
}
