package dev.rewriteperf.analysis.names;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.HashSet;
import java.util.Set;

/**
 * The classes around a site, as a recipe sees them that adds private members to a class and refers to them
 * from the site: whether the class is top-level, whether it can have private fields at all, and whether a
 * name for a new member is free.
 */
public final class EnclosingClasses {

    private EnclosingClasses() {
    }

    /** Whether the class at {@code classCursor} is declared directly in its file, not inside another type. */
    public static boolean isTopLevel(Cursor classCursor) {
        return classCursor.getParentTreeCursor().getValue() instanceof J.CompilationUnit;
    }

    /** The top-level class around {@code cursor}: the outermost class declaration on its path, or null. */
    public static J.@Nullable ClassDeclaration topLevel(Cursor cursor) {
        J.ClassDeclaration topLevel = null;
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            if (c.getValue() instanceof J.ClassDeclaration) {
                topLevel = c.getValue();
            }
        }
        return topLevel;
    }

    /** Whether {@code c} is an interface or an annotation type, whose fields cannot be private. */
    public static boolean isInterface(J.ClassDeclaration c) {
        return c.getKind() == J.ClassDeclaration.Kind.Type.Interface || c.getKind() == J.ClassDeclaration.Kind.Type.Annotation;
    }

    /**
     * Whether {@code name} is free for a member added to a class around {@code site}: no identifier in the file
     * is spelled so ({@code namesInFile}, from {@link FreshNames#identifiersIn}), and, with {@code inheritedToo},
     * no class around the site inherits a field of that name, which would hide the added member there (so would
     * a class whose type, or a supertype, is unknown). Callers that pass {@code false} say why at the call.
     */
    public static boolean isFreeName(String name, Set<String> namesInFile, Cursor site, boolean inheritedToo) {
        return !namesInFile.contains(name) && !(inheritedToo && isInherited(name, site));
    }

    private static boolean isInherited(String name, Cursor site) {
        for (Cursor c = site; c != null; c = c.getParent()) {
            if (c.getValue() instanceof J.ClassDeclaration) {
                JavaType.FullyQualified type = ((J.ClassDeclaration) c.getValue()).getType();
                if (type == null || isUnresolved(type) || hasMember(type.getSupertype(), name, new HashSet<>()) ||
                    type.getInterfaces().stream().anyMatch(i -> hasMember(i, name, new HashSet<>()))) {
                    return true;
                }
            } else if (c.getValue() instanceof J.NewClass && ((J.NewClass) c.getValue()).getBody() != null &&
                       hasMember(TypeUtils.asFullyQualified(((J.NewClass) c.getValue()).getType()), name, new HashSet<>())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the parser could not resolve the supertype of {@code type}: a class other than {@code Object} without one
     * (the parser leaves it out rather than write an unknown type).
     */
    private static boolean isUnresolved(JavaType.FullyQualified type) {
        return type instanceof JavaType.Unknown || type.getKind() == JavaType.FullyQualified.Kind.Class &&
               type.getSupertype() == null && !"java.lang.Object".equals(type.getFullyQualifiedName());
    }

    private static boolean hasMember(JavaType.@Nullable FullyQualified type, String name, Set<String> visited) {
        if (type != null && isUnresolved(type)) {
            return true; // a supertype the parser could not resolve may declare anything
        }
        if (type == null || !visited.add(type.getFullyQualifiedName()) || "java.lang.Object".equals(type.getFullyQualifiedName())) {
            return false;
        }
        for (JavaType.Variable member : type.getMembers()) {
            if (member.getName().equals(name)) {
                return true;
            }
        }
        return hasMember(type.getSupertype(), name, visited) ||
               type.getInterfaces().stream().anyMatch(i -> hasMember(i, name, visited));
    }

    /** Whether Java computes a class's serial version from its members: not, yes, or cannot be told (a supertype is unknown). */
    public enum SerialVersion { NOT_COMPUTED, SERIALIZABLE, UNKNOWN }

    /**
     * Whether instances of the class may be serialized with the serial version Java computes from it: it is
     * {@code Serializable} (or may be, a supertype being unknown), declares no {@code serialVersionUID}, and is neither
     * an enum nor a record (whose serial version is fixed).
     */
    public static SerialVersion computedSerialVersion(J.ClassDeclaration declaration) {
        JavaType.FullyQualified type = declaration.getType();
        if (type == null || declaration.getKind() == J.ClassDeclaration.Kind.Type.Enum ||
            declaration.getKind() == J.ClassDeclaration.Kind.Type.Record || isInterface(declaration)) {
            return SerialVersion.NOT_COMPUTED;
        }
        for (Statement member : declaration.getBody().getStatements()) {
            if (member instanceof J.VariableDeclarations && ((J.VariableDeclarations) member).getVariables().stream()
                    .anyMatch(v -> "serialVersionUID".equals(v.getSimpleName()))) {
                return SerialVersion.NOT_COMPUTED;
            }
        }
        if (TypeUtils.isAssignableTo("java.io.Serializable", type)) {
            return SerialVersion.SERIALIZABLE;
        }
        return hasUnknownSupertype(type, new HashSet<>()) ? SerialVersion.UNKNOWN : SerialVersion.NOT_COMPUTED;
    }

    private static boolean hasUnknownSupertype(JavaType.@Nullable FullyQualified type, Set<String> visited) {
        if (type == null || !visited.add(type.getFullyQualifiedName())) {
            return false;
        }
        if (isUnresolved(type)) {
            return true;
        }
        return hasUnknownSupertype(type.getSupertype(), visited) ||
               type.getInterfaces().stream().anyMatch(i -> hasUnknownSupertype(i, visited));
    }
}
