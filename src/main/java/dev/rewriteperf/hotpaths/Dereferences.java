package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether a local variable is known not to be null at a point because the code already called a method on it: a
 * statement that ran before, on every path to that point, would have thrown a {@code NullPointerException}.
 */
public final class Dereferences {

    private Dereferences() {
    }

    /** How many locals deep an initialiser is followed: {@code a = s.trim(); b = a; c = b;} is as far as real code goes. */
    private static final int MAX_LOCALS = 3;

    /**
     * Whether the string {@code string} (evaluated at {@code cursor}) is known not to be null: a literal, a
     * {@code String} method's result, a local variable a statement before already called a method on, or a local
     * initialised with such a string and never assigned again ({@code String k = key.trim();}).
     */
    public static boolean knownNotNullString(@Nullable Expression string, Cursor cursor) {
        return knownNotNullString(string, cursor, 0);
    }

    private static boolean knownNotNullString(@Nullable Expression string, Cursor cursor, int locals) {
        if (string instanceof J.Literal) {
            return ((J.Literal) string).getValue() != null;
        }
        if (string instanceof J.MethodInvocation) {
            JavaType.Method type = ((J.MethodInvocation) string).getMethodType();
            return type != null && TypeUtils.isOfClassType(type.getDeclaringType(), "java.lang.String") &&
                   TypeUtils.isString(type.getReturnType());
        }
        if (!(string instanceof J.Identifier)) {
            return false;
        }
        if (dereferencedBefore(cursor, (J.Identifier) string)) {
            return true;
        }
        // An initialiser is in scope wherever its local is, so the use's cursor resolves the names it reads.
        Expression initializer = locals < MAX_LOCALS ? LocalVariables.effectivelyFinalInitializer((J.Identifier) string, cursor) : null;
        return initializer != null && knownNotNullString(ExpressionShapes.unwrap(initializer), cursor, locals + 1);
    }

    /**
     * Whether {@code name}, at {@code cursor}, is a local variable or parameter that no code assigns after its
     * declaration, or a final field, and a statement before the one at {@code cursor}, in the same block or an enclosing one of the same
     * method or lambda, calls an instance method on it wherever it runs (not under a condition, {@code &&},
     * {@code ||} or a lambda).
     */
    public static boolean dereferencedBefore(Cursor cursor, J.Identifier name) {
        JavaType.Variable variable = name.getFieldType();
        // a final field is set once: dereferenced, it holds an object from then on, as an unassigned local does
        boolean finalField = variable != null && variable.getOwner() instanceof JavaType.FullyQualified && variable.hasFlags(Flag.Final);
        if (variable == null || !(variable.getOwner() instanceof JavaType.Method) && !finalField || assignedIn(cursor, variable)) {
            return false;
        }
        for (Cursor c = cursor; c.getParent() != null; c = c.getParentTreeCursor()) {
            Object tree = c.getValue();
            if (tree instanceof J.MethodDeclaration || tree instanceof J.Lambda || tree instanceof J.ClassDeclaration) {
                return false;
            }
            Object parent = c.getParentTreeCursor().getValue();
            if (dereferencesFirst(parent, tree, variable)) {
                return true;
            }
            if (parent instanceof J.Block) {
                for (Statement earlier : ((J.Block) parent).getStatements()) {
                    if (earlier == tree) {
                        break;
                    }
                    if (dereferences(earlier, variable)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code parent} evaluates, before {@code child} runs, a condition that calls an instance method on
     * {@code variable}: an {@code if}'s for either branch ({@code if (text.length() > MAX) out.append(text.substring(..))}),
     * a {@code while} loop's or a {@code for} loop's for its body ({@code for (int i = 0; i < row.length(); i += 2)}), a
     * for-each loop's source for its body, a {@code ?:}'s for either side.
     */
    private static boolean dereferencesFirst(Object parent, Object child, JavaType.Variable variable) {
        if (parent instanceof J.If) {
            return child != ((J.If) parent).getIfCondition() && dereferences(((J.If) parent).getIfCondition(), variable);
        }
        if (parent instanceof J.WhileLoop) {
            return child == ((J.WhileLoop) parent).getBody() && dereferences(((J.WhileLoop) parent).getCondition(), variable);
        }
        if (parent instanceof J.ForLoop) {
            return child == ((J.ForLoop) parent).getBody()
                   && dereferences(((J.ForLoop) parent).getControl().getCondition(), variable);
        }
        if (parent instanceof J.ForEachLoop) {
            return child == ((J.ForEachLoop) parent).getBody()
                   && dereferences(((J.ForEachLoop) parent).getControl().getIterable(), variable);
        }
        return parent instanceof J.Ternary && child != ((J.Ternary) parent).getCondition()
               && dereferences(((J.Ternary) parent).getCondition(), variable);
    }

    /**
     * Whether {@code name} is a local variable or parameter and evaluating {@code tree} calls an instance method on it,
     * whenever it runs (a field could be another object at each read).
     */
    public static boolean dereferences(@Nullable J tree, J.Identifier name) {
        JavaType.Variable variable = name.getFieldType();
        return variable != null && variable.getOwner() instanceof JavaType.Method && dereferences(tree, variable);
    }

    /** Whether evaluating {@code tree} calls an instance method on {@code variable} whenever it runs. */
    private static boolean dereferences(@Nullable J tree, JavaType.Variable variable) {
        if (tree instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) tree;
            boolean onVariable = call.getSelect() instanceof J.Identifier && call.getMethodType() != null &&
                                 !call.getMethodType().hasFlags(Flag.Static) &&
                                 variable.equals(((J.Identifier) call.getSelect()).getFieldType());
            return onVariable || dereferences(call.getSelect(), variable) || anyDereferences(call.getArguments(), variable);
        }
        if (tree instanceof J.VariableDeclarations) {
            for (J.VariableDeclarations.NamedVariable declared : ((J.VariableDeclarations) tree).getVariables()) {
                if (dereferences(declared.getInitializer(), variable)) {
                    return true;
                }
            }
            return false;
        }
        if (tree instanceof J.Binary) {
            J.Binary binary = (J.Binary) tree;
            boolean shortCircuit = binary.getOperator() == J.Binary.Type.And || binary.getOperator() == J.Binary.Type.Or;
            return dereferences(binary.getLeft(), variable) || !shortCircuit && dereferences(binary.getRight(), variable);
        }
        if (tree instanceof J.Assignment) {
            return dereferences(((J.Assignment) tree).getAssignment(), variable);
        }
        if (tree instanceof J.AssignmentOperation) {
            return dereferences(((J.AssignmentOperation) tree).getAssignment(), variable);
        }
        if (tree instanceof J.NewClass) {
            return anyDereferences(((J.NewClass) tree).getArguments(), variable);
        }
        J inner = tree instanceof J.Return ? ((J.Return) tree).getExpression() :
                tree instanceof J.Throw ? ((J.Throw) tree).getException() :
                tree instanceof J.Parentheses ? (J) ((J.Parentheses<?>) tree).getTree() :
                tree instanceof J.ControlParentheses ? (J) ((J.ControlParentheses<?>) tree).getTree() :
                tree instanceof J.TypeCast ? ((J.TypeCast) tree).getExpression() :
                tree instanceof J.Unary ? ((J.Unary) tree).getExpression() :
                tree instanceof J.Ternary ? ((J.Ternary) tree).getCondition() :
                tree instanceof J.If ? ((J.If) tree).getIfCondition() : null;
        return inner != null && dereferences(inner, variable);
    }

    private static boolean anyDereferences(Iterable<Expression> expressions, JavaType.Variable variable) {
        for (Expression expression : expressions) {
            if (dereferences(expression, variable)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the method, lambda or initialiser around {@code cursor} assigns {@code variable} anywhere. A lambda is
     * scope enough: a local it captures is effectively final (a filter registered in a static initialiser).
     */
    private static boolean assignedIn(Cursor cursor, JavaType.Variable variable) {
        J scope = scope(cursor);
        if (scope == null) {
            return true;
        }
        AtomicBoolean assigned = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public J.Assignment visitAssignment(J.Assignment assignment, AtomicBoolean found) {
                if (assignment.getVariable() instanceof J.Identifier &&
                    variable.equals(((J.Identifier) assignment.getVariable()).getFieldType())) {
                    found.set(true);
                }
                return super.visitAssignment(assignment, found);
            }
        }.visit(scope, assigned);
        return assigned.get();
    }

    /** The nearest method or lambda around {@code cursor}, or else the initialiser block it is in. */
    private static @Nullable J scope(Cursor cursor) {
        for (Cursor c = cursor; c.getParent() != null; c = c.getParentTreeCursor()) {
            Object tree = c.getValue();
            if (tree instanceof J.MethodDeclaration || tree instanceof J.Lambda) {
                return (J) tree;
            }
            if (tree instanceof J.ClassDeclaration) {
                return null;
            }
            if (tree instanceof J.Block && c.getParentTreeCursor().getValue() instanceof J.Block
                && c.getParentTreeCursor().getParentTreeCursor().getValue() instanceof J.ClassDeclaration) {
                return (J) tree;
            }
        }
        return null;
    }
}
