package dev.rewriteperf.collections;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Collections;

/**
 * A local declared as an empty collection, {@code List<T> out = new ArrayList<>();}, which the statement
 * after it may fill. Knows how to put a new initializer in place.
 */
final class EmptyCollectionDeclaration {

    final J.VariableDeclarations declarations;
    final J.VariableDeclarations.NamedVariable variable;
    final J.NewClass construction;

    private EmptyCollectionDeclaration(J.VariableDeclarations declarations, J.VariableDeclarations.NamedVariable variable,
                                       J.NewClass construction) {
        this.declarations = declarations;
        this.variable = variable;
        this.construction = construction;
    }

    /** A single local initialised with the no-argument constructor of {@code java.util.<one of names>}. */
    static @Nullable EmptyCollectionDeclaration of(Statement statement) {
        if (!(statement instanceof J.VariableDeclarations) ||
            ((J.VariableDeclarations) statement).getVariables().size() != 1) {
            return null;
        }
        J.VariableDeclarations declarations = (J.VariableDeclarations) statement;
        J.VariableDeclarations.NamedVariable variable = declarations.getVariables().get(0);
        Expression initializer = variable.getInitializer();
        if (!(initializer instanceof J.NewClass)) {
            return null;
        }
        J.NewClass construction = (J.NewClass) initializer;
        return isEmptyConstruction(construction) ? new EmptyCollectionDeclaration(declarations, variable, construction) : null;
    }

    /** A typed {@code new T()} with no arguments and no body: an empty collection when {@code T} is one. */
    static boolean isEmptyConstruction(J.NewClass construction) {
        boolean noArguments = construction.getArguments().isEmpty() ||
                              construction.getArguments().size() == 1 && construction.getArguments().get(0) instanceof J.Empty;
        return noArguments && construction.getBody() == null && construction.getType() != null;
    }

    String name() {
        return variable.getSimpleName();
    }

    boolean isArrayList() {
        return TypeUtils.isOfClassType(construction.getType(), "java.util.ArrayList");
    }

    boolean isDeclaredWithVar() {
        return declarations.getTypeExpression() instanceof J.Identifier &&
               "var".equals(((J.Identifier) declarations.getTypeExpression()).getSimpleName());
    }

    /** A cursor at the constructor call, below {@code blockCursor}, for templates that replace it. */
    Cursor constructionCursor(Cursor blockCursor) {
        return new Cursor(new Cursor(new Cursor(blockCursor, declarations), variable), construction);
    }

    J.VariableDeclarations withInitializer(Expression initializer) {
        return declarations.withVariables(Collections.singletonList(
                variable.withInitializer(initializer.withPrefix(construction.getPrefix()))));
    }
}
