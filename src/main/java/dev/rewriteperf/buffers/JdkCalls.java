package dev.rewriteperf.buffers;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

/**
 * Calls that cannot run the project's code, so cannot read RocksDB into the reused buffer between a read and the
 * last use of its value: JDK methods that cannot call back into the caller's objects.
 */
final class JdkCalls {

    private JdkCalls() {
    }

    /**
     * The first method or constructor called in {@code tree} that might run the project's code, as
     * {@code name(..)} or {@code new Type(..)}; null when every call is one of the JDK's that cannot.
     */
    static @Nullable String firstOtherCall(J tree) {
        String[] found = new String[1];
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
                if (found[0] == null && !isJdk(method.getMethodType())) {
                    found[0] = method.getSimpleName() + "(..)";
                }
                return super.visitMethodInvocation(method, p);
            }

            @Override
            public J.NewClass visitNewClass(J.NewClass newClass, Integer p) {
                if (found[0] == null && (newClass.getBody() != null || !isJdk(newClass.getConstructorType()))) {
                    found[0] = "new " + newClass.getClazz() + "(..)";
                }
                return super.visitNewClass(newClass, p);
            }
        }.visit(tree, 0);
        return found[0];
    }

    /**
     * A JDK method that cannot run code of the project's: static, of a final JDK class or of the NIO buffers (which
     * only the JDK can subclass), or a JDK constructor, taking only values it cannot call back into (primitives,
     * strings, primitive arrays, charsets, byte orders). {@code Runnable.run()} or {@code Objects.equals(a, b)} can
     * run anything.
     */
    private static boolean isJdk(JavaType.@Nullable Method method) {
        if (method == null) {
            return false;
        }
        JavaType.FullyQualified owner = method.getDeclaringType();
        String name = owner.getFullyQualifiedName();
        if (!name.startsWith("java.") && !name.startsWith("javax.")) {
            return false;
        }
        if ("java.lang.System".equals(name) && "arraycopy".equals(method.getName())) {
            return true;
        }
        boolean closed = method.hasFlags(Flag.Static) || owner.hasFlags(Flag.Final) ||
                         name.matches("java\\.nio\\.[A-Za-z]*Buffer") || method.isConstructor();
        return closed && method.getParameterTypes().stream().allMatch(JdkCalls::isInert);
    }

    private static boolean isInert(JavaType type) {
        if (type instanceof JavaType.Primitive) {
            return true;
        }
        if (type instanceof JavaType.Array) {
            return ((JavaType.Array) type).getElemType() instanceof JavaType.Primitive;
        }
        return TypeUtils.isString(type) || TypeUtils.isOfClassType(type, "java.nio.charset.Charset") ||
               TypeUtils.isOfClassType(type, "java.nio.ByteOrder");
    }
}
