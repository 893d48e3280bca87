package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.util.ArrayList;
import java.util.List;

/**
 * The method a spot runs in, named as a recording names it: the top-level class of the file (a profile charges
 * nested and anonymous classes to it), the method's JVM name ({@code <init>} for constructors and instance field
 * initialisers, {@code <clinit>} for static ones) and its descriptor, erased, when every type is known.
 */
final class EnclosingMethod {

    final String topLevelClass;
    final String name;
    final @Nullable String descriptor;

    private EnclosingMethod(String topLevelClass, String name, @Nullable String descriptor) {
        this.topLevelClass = topLevelClass;
        this.name = name;
        this.descriptor = descriptor;
    }

    /** Null outside any class (a spot the recipes never report). */
    static @Nullable EnclosingMethod of(Cursor cursor) {
        J.ClassDeclaration topLevel = null;
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            if (c.getValue() instanceof J.ClassDeclaration) {
                topLevel = c.getValue();
            }
        }
        if (topLevel == null) {
            return null;
        }
        String className = topLevelName(cursor, topLevel);
        J.MethodDeclaration method = cursor.firstEnclosing(J.MethodDeclaration.class);
        if (method != null) {
            boolean constructor = method.isConstructor();
            return new EnclosingMethod(className, constructor ? "<init>" : method.getSimpleName(),
                    descriptor(method.getMethodType(), constructor));
        }
        return new EnclosingMethod(className, inStaticInitialiser(cursor) ? "<clinit>" : "<init>", null);
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

    /** A static field's initialiser or a {@code static {}} block: the class initialiser runs it. */
    private static boolean inStaticInitialiser(Cursor cursor) {
        List<Object> path = new ArrayList<>();
        cursor.getPathAsStream().filter(J.class::isInstance).forEach(path::add);
        for (int i = 0; i + 2 < path.size(); i++) {
            if (path.get(i + 1) instanceof J.Block && path.get(i + 2) instanceof J.ClassDeclaration) {
                Object member = path.get(i);
                return member instanceof J.VariableDeclarations && ((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Static) ||
                       member instanceof J.Block && ((J.Block) member).isStatic();
            }
        }
        return false;
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
