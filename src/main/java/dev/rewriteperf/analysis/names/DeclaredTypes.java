package dev.rewriteperf.analysis.names;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;

import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Types as the file declares them. A type that involves type variables cannot be taken from OpenRewrite's type
 * attribution: there a type variable can come out as its bound ({@code Database<Connection>} for
 * {@code Database<C>} in a class {@code <C extends Connection<?, ?>>}), as another class's variable of the same
 * name, or as {@code Object} after inference ({@code List<Object>} for a {@code List<T>}). A recipe that declares
 * a variable therefore copies the type from a declaration it can see (the variable's, the method's return type),
 * and writes an attributed type only where no type variable is in scope and the type names none.
 */
public final class DeclaredTypes {

    private DeclaredTypes() {
    }

    /**
     * The declaration of the variable {@code reference} reads, a plain name or {@code this.name}, when that is a
     * local, a parameter or a field of a class the code is in, declared in this file with its own type (not
     * {@code var}, not an untyped lambda parameter, no brackets after the name); null otherwise.
     */
    public static J.@Nullable VariableDeclarations declarationOf(Expression reference, Cursor cursor) {
        J.Identifier name = referencedName(ExpressionShapes.unwrap(reference));
        JavaType.Variable variable = name == null ? null : name.getFieldType();
        if (variable == null) {
            return null;
        }
        boolean local = variable.getOwner() instanceof JavaType.Method;
        Set<String> typeVariablesBetween = new HashSet<>();
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            J.VariableDeclarations declaration = declaredAt(c.getValue(), name.getSimpleName(), local);
            if (declaration != null) {
                // A type variable declared between here and the declaration would change what its type's names mean.
                return isWritable(declaration, name.getSimpleName()) &&
                       Collections.disjoint(FreshNames.identifiersIn(declaration.getTypeExpression()), typeVariablesBetween) ?
                        declaration : null;
            }
            typeVariablesBetween.addAll(typeVariablesDeclaredBy(c.getValue()));
        }
        return null;
    }

    private static J.@Nullable Identifier referencedName(Expression e) {
        if (e instanceof J.Identifier) {
            return (J.Identifier) e;
        }
        if (e instanceof J.FieldAccess && ((J.FieldAccess) e).getTarget() instanceof J.Identifier &&
            "this".equals(((J.Identifier) ((J.FieldAccess) e).getTarget()).getSimpleName())) {
            return ((J.FieldAccess) e).getName();
        }
        return null;
    }

    /** The declaration of {@code name} that {@code tree} itself holds: a parameter, a local or field, a loop variable. */
    private static J.@Nullable VariableDeclarations declaredAt(Object tree, String name, boolean local) {
        if (tree instanceof J.MethodDeclaration) {
            return local ? among(((J.MethodDeclaration) tree).getParameters(), name) : null;
        }
        if (tree instanceof J.Lambda) {
            return local ? among(((J.Lambda) tree).getParameters().getParameters(), name) : null;
        }
        if (tree instanceof J.ForEachLoop) {
            return local ? among(Collections.singletonList(((J.ForEachLoop) tree).getControl().getVariable()), name) : null;
        }
        if (tree instanceof J.ForLoop) {
            return local ? among(((J.ForLoop) tree).getControl().getInit(), name) : null;
        }
        if (tree instanceof J.Try && ((J.Try) tree).getResources() != null) {
            for (J.Try.Resource resource : ((J.Try) tree).getResources()) {
                J.VariableDeclarations declaration = among(Collections.singletonList(resource.getVariableDeclarations()), name);
                if (declaration != null) {
                    return declaration;
                }
            }
        }
        if (tree instanceof J.Try.Catch) {
            return local ? among(Collections.singletonList(((J.Try.Catch) tree).getParameter().getTree()), name) : null;
        }
        if (tree instanceof J.Block) {
            J.VariableDeclarations declaration = among(((J.Block) tree).getStatements(), name);
            boolean isField = declaration != null && declaration.getVariables().get(0).getVariableType() != null &&
                              !(declaration.getVariables().get(0).getVariableType().getOwner() instanceof JavaType.Method);
            return declaration != null && isField != local ? declaration : null;
        }
        return null;
    }

    private static J.@Nullable VariableDeclarations among(List<? extends J> trees, String name) {
        for (J tree : trees) {
            if (tree instanceof J.VariableDeclarations) {
                for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) tree).getVariables()) {
                    if (variable.getSimpleName().equals(name)) {
                        return (J.VariableDeclarations) tree;
                    }
                }
            }
        }
        return null;
    }

    private static boolean isWritable(J.VariableDeclarations declaration, String name) {
        TypeTree type = declaration.getTypeExpression();
        if (type == null || type instanceof J.Identifier && "var".equals(((J.Identifier) type).getSimpleName())) {
            return false;
        }
        for (J.VariableDeclarations.NamedVariable variable : declaration.getVariables()) {
            if (variable.getSimpleName().equals(name) && !variable.getDimensionsAfterName().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The component type of the array a declaration declares, as written: {@code T} for {@code T[] a} and for
     * {@code T... a}; null when the declared type is not an array.
     */
    public static @Nullable TypeTree componentOf(J.VariableDeclarations declaration) {
        TypeTree type = declaration.getTypeExpression();
        if (declaration.getVarargs() != null) {
            return type;
        }
        return type instanceof J.ArrayType ? ((J.ArrayType) type).getElementType() : null;
    }

    /** The type arguments of a parameterized type as written, {@code [K, List<V>]} for {@code Map<K, List<V>>}; else null. */
    public static @Nullable List<Expression> typeArgumentsOf(@Nullable TypeTree type) {
        if (!(type instanceof J.ParameterizedType)) {
            return null;
        }
        List<Expression> arguments = ((J.ParameterizedType) type).getTypeParameters();
        return arguments == null || arguments.isEmpty() || arguments.get(0) instanceof J.Empty ? null : arguments;
    }

    /**
     * A type argument as a variable's type: itself, or the bound of {@code ? extends B}; null for {@code ?} and
     * {@code ? super B}, and for anything else that is not a type.
     */
    public static @Nullable TypeTree asVariableType(Expression typeArgument) {
        if (typeArgument instanceof J.Wildcard) {
            J.Wildcard wildcard = (J.Wildcard) typeArgument;
            return wildcard.getBound() == J.Wildcard.Bound.Extends && wildcard.getBoundedType() instanceof TypeTree ?
                    (TypeTree) wildcard.getBoundedType() : null;
        }
        return typeArgument instanceof TypeTree ? (TypeTree) typeArgument : null;
    }

    /** Whether a class or method around {@code cursor} declares type variables, which its code may name. */
    public static boolean typeVariablesInScope(Cursor cursor) {
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            if (!typeVariablesDeclaredBy(c.getValue()).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code type}, as attributed, can be written at {@code cursor}: no type variable is in scope there
     * and the type names none; wildcards are fine.
     */
    public static boolean isWritableFromAttribution(@Nullable JavaType type, Cursor cursor) {
        return type != null && !namesTypeVariable(type, new HashSet<>()) && !typeVariablesInScope(cursor);
    }

    private static boolean namesTypeVariable(JavaType type, Set<JavaType> seen) {
        if (!seen.add(type)) {
            return false;
        }
        if (type instanceof JavaType.GenericTypeVariable) {
            JavaType.GenericTypeVariable variable = (JavaType.GenericTypeVariable) type;
            return !"?".equals(variable.getName()) || variable.getBounds().stream().anyMatch(b -> namesTypeVariable(b, seen));
        }
        if (type instanceof JavaType.Parameterized) {
            return ((JavaType.Parameterized) type).getTypeParameters().stream().anyMatch(t -> namesTypeVariable(t, seen));
        }
        if (type instanceof JavaType.Array) {
            return namesTypeVariable(((JavaType.Array) type).getElemType(), seen);
        }
        return false;
    }

    private static Set<String> typeVariablesDeclaredBy(Object tree) {
        List<J.TypeParameter> parameters = null;
        if (tree instanceof J.MethodDeclaration) {
            parameters = ((J.MethodDeclaration) tree).getTypeParameters();
        } else if (tree instanceof J.ClassDeclaration) {
            parameters = ((J.ClassDeclaration) tree).getTypeParameters();
        }
        if (parameters == null) {
            return Collections.emptySet();
        }
        Set<String> names = new HashSet<>();
        for (J.TypeParameter parameter : parameters) {
            if (parameter.getName() instanceof J.Identifier) {
                names.add(((J.Identifier) parameter.getName()).getSimpleName());
            }
        }
        return names;
    }
}
