package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the method a spot runs in, named as a recording names it ({@link MethodKey}): the top-level class of the file
 * (a profile charges nested and anonymous classes to it), the method's JVM name ({@code <init>} for constructors and
 * instance field initialisers, {@code <clinit>} for static ones) and its descriptor, erased, when every type is known.
 */
final class EnclosingMethod {

    private EnclosingMethod() {
    }

    /** Null outside any class (a spot the recipes never report). */
    static @Nullable MethodKey of(Cursor cursor) {
        List<J> path = new ArrayList<>();
        cursor.getPathAsStream().filter(J.class::isInstance).forEach(value -> path.add((J) value));
        J.ClassDeclaration topLevel = null;
        for (J value : path) {
            if (value instanceof J.ClassDeclaration) {
                topLevel = (J.ClassDeclaration) value;
            }
        }
        if (topLevel == null) {
            return null;
        }
        String className = topLevelName(cursor, topLevel);
        for (int i = 0; i < path.size(); i++) {
            J value = path.get(i);
            if (value instanceof J.MethodDeclaration) {
                J.MethodDeclaration method = (J.MethodDeclaration) value;
                boolean constructor = method.isConstructor();
                return constructor
                        ? new MethodKey(className, "<init>", descriptor(method.getMethodType(), true), false)
                        : new MethodKey(className, method.getSimpleName(), descriptor(method.getMethodType(), false),
                                isOverloaded(cursor.firstEnclosing(J.CompilationUnit.class), method.getSimpleName()));
            }
            J owner = i + 1 < path.size() ? path.get(i + 1) : null;
            if (value instanceof J.Block && (owner instanceof J.ClassDeclaration || owner instanceof J.NewClass)) {
                // In a class body, outside any method: a field's initialiser or an initializer block.
                boolean isStatic = i > 0 && isStaticMember(path.get(i - 1), owner);
                return new MethodKey(className, isStatic ? "<clinit>" : "<init>", null, false);
            }
        }
        return new MethodKey(className, "<init>", null, false);
    }

    /**
     * Whether the file declares another method of this name, which the recording would charge to the same top-level
     * class and the descriptor would have to tell apart. Constructors are never asked: they are matched by name, since
     * their JVM descriptors have parameters the source does not show (an inner class's outer instance, an enum's name
     * and ordinal, captured locals).
     */
    private static boolean isOverloaded(J.@Nullable CompilationUnit unit, String name) {
        if (unit == null) {
            return false;
        }
        int[] declared = {0};
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method, Integer p) {
                if (method.getSimpleName().equals(name) && !method.isConstructor()) {
                    declared[0]++;
                }
                return super.visitMethodDeclaration(method, p);
            }
        }.visit(unit, 0);
        return declared[0] > 1;
    }

    private static String topLevelName(Cursor cursor, J.ClassDeclaration topLevel) {
        if (topLevel.getType() != null) {
            return topLevel.getType().getFullyQualifiedName();
        }
        J.CompilationUnit unit = cursor.firstEnclosing(J.CompilationUnit.class);
        J.Package pkg = unit == null ? null : unit.getPackageDeclaration();
        return pkg == null ? topLevel.getSimpleName()
                : pkg.getExpression().printTrimmed(cursor).replaceAll("\\s", "") + "." + topLevel.getSimpleName();
    }

    /**
     * A member the class initialiser runs: a static field (an interface's or annotation's fields are static
     * without saying so), a {@code static {}} block, an enum's constants.
     */
    private static boolean isStaticMember(J member, J owner) {
        if (member instanceof J.VariableDeclarations) {
            return ((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Static) ||
                   owner instanceof J.ClassDeclaration && (((J.ClassDeclaration) owner).getKind() == J.ClassDeclaration.Kind.Type.Interface ||
                                                           ((J.ClassDeclaration) owner).getKind() == J.ClassDeclaration.Kind.Type.Annotation);
        }
        return member instanceof J.Block && ((J.Block) member).isStatic() || member instanceof J.EnumValueSet;
    }

    private static @Nullable String descriptor(JavaType.@Nullable Method type, boolean constructor) {
        if (type == null) {
            return null;
        }
        StringBuilder descriptor = new StringBuilder("(");
        List<JavaType> parameters = type.getParameterTypes();
        for (JavaType parameter : parameters) {
            String erased = erased(parameter);
            if (erased == null) {
                return null;
            }
            descriptor.append(erased);
        }
        String returned = constructor ? "V" : erased(type.getReturnType());
        return returned == null ? null : descriptor.append(')').append(returned).toString();
    }

    /** The JVM descriptor of a type's erasure; null for a type the parser could not resolve. */
    static @Nullable String erased(@Nullable JavaType type) {
        if (type instanceof JavaType.Primitive) {
            return primitive((JavaType.Primitive) type);
        }
        if (type instanceof JavaType.Array) {
            String element = erased(((JavaType.Array) type).getElemType());
            return element == null ? null : "[" + element;
        }
        if (type instanceof JavaType.GenericTypeVariable) {
            List<JavaType> bounds = ((JavaType.GenericTypeVariable) type).getBounds();
            return bounds.isEmpty() ? "Ljava/lang/Object;" : erased(bounds.get(0));
        }
        if (type instanceof JavaType.FullyQualified && !(type instanceof JavaType.Unknown)) {
            return "L" + ((JavaType.FullyQualified) type).getFullyQualifiedName().replace('.', '/') + ";";
        }
        return null;
    }

    private static @Nullable String primitive(JavaType.Primitive type) {
        switch (type) {
            case Boolean: return "Z";
            case Byte: return "B";
            case Char: return "C";
            case Short: return "S";
            case Int: return "I";
            case Long: return "J";
            case Float: return "F";
            case Double: return "D";
            case Void: return "V";
            case String: return "Ljava/lang/String;";
            default: return null;
        }
    }
}
