package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

import java.util.Collections;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Resolves a simple name to the local variable it denotes, by Java's scoping rules, and tells whether
 * that variable is ever written after its declaration.
 */
public final class LocalVariables {

    private LocalVariables() {
    }

    /**
     * The initializer of the local variable {@code name} refers to at {@code cursor}, if that variable is a
     * local declared with an initializer and never assigned again, or a try-with-resources resource; otherwise {@code null} (a field, a
     * parameter, a loop or lambda variable, or a variable that is written later).
     */
    public static @Nullable Expression effectivelyFinalInitializer(J.Identifier name, Cursor cursor) {
        if (name.getFieldType() == null || name.getFieldType().getOwner() instanceof JavaType.FullyQualified) {
            return null;
        }
        Object child = cursor.getValue();
        for (Cursor c = cursor.getParent(); c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.Block) {
                J.Block block = (J.Block) value;
                for (Statement statement : block.getStatements()) {
                    if (statement == child) {
                        break;
                    }
                    J.VariableDeclarations.NamedVariable declared = declaredIn(statement, name.getSimpleName());
                    if (declared != null) {
                        return declared.getInitializer() != null && !isWrittenIn(block, name.getSimpleName()) ?
                                declared.getInitializer() : null;
                    }
                }
            } else if (value instanceof J.Try && ((J.Try) value).getBody() == child) {
                J.VariableDeclarations.NamedVariable resource = resource((J.Try) value, name.getSimpleName());
                if (resource != null) {
                    return resource.getInitializer();
                }
            } else if (declaresOtherwise(value, name.getSimpleName()) || value instanceof J.ClassDeclaration ||
                       value instanceof J.NewClass && ((J.NewClass) value).getBody() == child) {
                return null;
            }
            if (value instanceof J) {
                child = value;
            }
        }
        return null;
    }

    private static final String FINAL_BY_CONVENTION = LocalVariables.class.getName() + ".finalByConvention";
    private static final String FINAL_LOOP_VARIABLES = LocalVariables.class.getName() + ".finalLoopVariables";

    /**
     * Whether the method around {@code cursor} declares every local of its own with {@code var} (one at least, loop
     * variables included): a local a recipe adds there is declared so too ({@link #withVar}).
     */
    public static boolean declaresWithVar(Cursor cursor) {
        J.MethodDeclaration method = cursor.firstEnclosing(J.MethodDeclaration.class);
        if (method == null || method.getBody() == null) {
            return false;
        }
        int[] withVarAndAll = new int[2];
        new JavaIsoVisitor<int[]>() {
            @Override
            public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations declarations, int[] counts) {
                Object parent = getCursor().getParentTreeCursor().getValue();
                if (parent instanceof J.Block || parent instanceof J.ForEachLoop.Control || parent instanceof J.ForLoop.Control) {
                    counts[1]++;
                    counts[0] += isVar(declarations.getTypeExpression()) ? 1 : 0;
                }
                return super.visitVariableDeclarations(declarations, counts);
            }

            @Override
            public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDecl, int[] counts) {
                return classDecl; // a local or anonymous class's fields are not the method's locals
            }

            @Override
            public J.NewClass visitNewClass(J.NewClass newClass, int[] counts) {
                return newClass.getBody() == null ? super.visitNewClass(newClass, counts) : newClass;
            }
        }.visit(method.getBody(), withVarAndAll, new Cursor(null, Cursor.ROOT_VALUE));
        return withVarAndAll[1] > 0 && withVarAndAll[0] == withVarAndAll[1];
    }

    private static boolean isVar(@Nullable TypeTree type) {
        return type instanceof J.Identifier && "var".equals(((J.Identifier) type).getSimpleName());
    }

    /** {@code loop} with its variable declared {@code var}: a loop a recipe writes declares it as the source's element type. */
    public static J.ForEachLoop withVar(J.ForEachLoop loop) {
        if (!(loop.getControl().getVariable() instanceof J.VariableDeclarations)) {
            return loop;
        }
        J.VariableDeclarations variable = (J.VariableDeclarations) loop.getControl().getVariable();
        TypeTree type = variable.getTypeExpression();
        if (type == null || isVar(type) || variable.getVariables().size() != 1) {
            return loop;
        }
        J.Identifier var = new J.Identifier(Tree.randomId(), type.getPrefix(), Markers.EMPTY, Collections.emptyList(), "var",
                variable.getVariables().get(0).getType(), null);
        return loop.withControl(loop.getControl().withVariable(variable.withTypeExpression(var)));
    }

    /**
     * {@code declarations} with {@code var} for its type where that says exactly the same, its one variable's
     * initializer being of the declared type ({@code var i = 0}, {@code var result = new String[n]},
     * {@code var items = order.getItems()}); otherwise unchanged ({@code List<R> result = new ArrayList<>(n)}).
     */
    public static J.VariableDeclarations withVar(J.VariableDeclarations declarations) {
        TypeTree type = declarations.getTypeExpression();
        if (declarations.getVariables().size() != 1 || type == null || isVar(type)) {
            return declarations;
        }
        J.VariableDeclarations.NamedVariable variable = declarations.getVariables().get(0);
        Expression initializer = variable.getInitializer();
        boolean sameType = initializer != null && !(initializer instanceof J.Lambda) && !(initializer instanceof J.MemberReference) &&
                           initializer.getType() != null && initializer.getType() != JavaType.Primitive.Null &&
                           TypeUtils.isOfType(initializer.getType(), variable.getType());
        if (!sameType) {
            return declarations;
        }
        J.Identifier var = new J.Identifier(Tree.randomId(), type.getPrefix(), Markers.EMPTY, Collections.emptyList(), "var",
                variable.getType(), null);
        return declarations.withTypeExpression(var);
    }

    /**
     * {@code "final "} where the file declares {@code final} the locals and parameters it never reassigns (three in
     * four of them, and at least three), as code under checkstyle's {@code FinalLocalVariable} does; otherwise the
     * empty string. A recipe puts it before a local it declares and never reassigns.
     */
    public static String finalModifierAt(Cursor cursor) {
        Cursor file = cursor.dropParentUntil(J.CompilationUnit.class::isInstance);
        return file.computeMessageIfAbsent(FINAL_BY_CONVENTION, k -> declaresFinal(file.getValue()) ? "final " : "");
    }

    /**
     * {@code "final "} for the variable of a loop a recipe writes, where the file declares its own loop variables
     * {@code final} (three in four of them); in a file without a for-each loop, as {@link #finalModifierAt} says for
     * its locals (commons-io's {@code final} parameters and locals). Otherwise the empty string.
     */
    public static String finalLoopVariableAt(Cursor cursor) {
        Cursor file = cursor.dropParentUntil(J.CompilationUnit.class::isInstance);
        String known = file.getMessage(FINAL_LOOP_VARIABLES);
        if (known != null) {
            return known;
        }
        int[] finalAndAll = finalLoopVariables(file.getValue());
        String modifier = finalAndAll[1] == 0 ? finalModifierAt(cursor) : finalAndAll[0] * 4 >= finalAndAll[1] * 3 ? "final " : "";
        file.putMessage(FINAL_LOOP_VARIABLES, modifier); // not in computeMessageIfAbsent: finalModifierAt computes one too
        return modifier;
    }

    /** How many of the file's for-each variables are final, and how many there are. */
    private static int[] finalLoopVariables(J.CompilationUnit cu) {
        int[] finalAndAll = new int[2];
        new JavaIsoVisitor<int[]>() {
            @Override
            public J.ForEachLoop visitForEachLoop(J.ForEachLoop loop, int[] counts) {
                Statement variable = loop.getControl().getVariable();
                if (variable instanceof J.VariableDeclarations) {
                    counts[0] += ((J.VariableDeclarations) variable).hasModifier(J.Modifier.Type.Final) ? 1 : 0;
                    counts[1]++;
                }
                return super.visitForEachLoop(loop, counts);
            }
        }.visit(cu, finalAndAll);
        return finalAndAll;
    }

    private static boolean declaresFinal(J.CompilationUnit cu) {
        int[] finalAndAll = new int[2];
        new JavaIsoVisitor<int[]>() {
            @Override
            public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations declarations, int[] counts) {
                J.VariableDeclarations.NamedVariable first = declarations.getVariables().get(0);
                Object parent = getCursor().getParentTreeCursor().getValue();
                boolean local = first.getVariableType() != null && first.getVariableType().getOwner() instanceof JavaType.Method &&
                                (parent instanceof J.Block || parent instanceof J.MethodDeclaration);
                if (local && !isWrittenIn((J) parent, first.getSimpleName())) {
                    counts[0] += declarations.hasModifier(J.Modifier.Type.Final) ? 1 : 0;
                    counts[1]++;
                }
                return super.visitVariableDeclarations(declarations, counts);
            }
        }.visit(cu, finalAndAll);
        return finalAndAll[1] >= 3 && finalAndAll[0] * 4 >= finalAndAll[1] * 3;
    }

    /** Whether {@code name} is the target of an assignment, compound assignment, increment or decrement. */
    public static boolean isWrittenIn(J scope, String name) {
        AtomicBoolean written = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public J.Assignment visitAssignment(J.Assignment assignment, AtomicBoolean found) {
                found.compareAndSet(false, isName(assignment.getVariable(), name));
                return super.visitAssignment(assignment, found);
            }

            @Override
            public J.AssignmentOperation visitAssignmentOperation(J.AssignmentOperation assignment, AtomicBoolean found) {
                found.compareAndSet(false, isName(assignment.getVariable(), name));
                return super.visitAssignmentOperation(assignment, found);
            }

            @Override
            public J.Unary visitUnary(J.Unary unary, AtomicBoolean found) {
                found.compareAndSet(false, unary.getOperator().isModifying() && isName(unary.getExpression(), name));
                return super.visitUnary(unary, found);
            }
        }.visit(scope, written);
        return written.get();
    }

    private static boolean isName(Expression e, String name) {
        Expression target = ExpressionShapes.unwrap(e);
        return target instanceof J.Identifier && ((J.Identifier) target).getSimpleName().equals(name);
    }

    private static J.VariableDeclarations.@Nullable NamedVariable declaredIn(Statement statement, String name) {
        if (!(statement instanceof J.VariableDeclarations)) {
            return null;
        }
        for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) statement).getVariables()) {
            if (variable.getSimpleName().equals(name)) {
                return variable;
            }
        }
        return null;
    }

    /** A resource of {@code tryStatement} named {@code name}: implicitly final, so its initializer is its value. */
    private static J.VariableDeclarations.@Nullable NamedVariable resource(J.Try tryStatement, String name) {
        if (tryStatement.getResources() == null) {
            return null;
        }
        for (J.Try.Resource resource : tryStatement.getResources()) {
            if (resource.getVariableDeclarations() instanceof J.VariableDeclarations) {
                J.VariableDeclarations.NamedVariable declared = declaredIn((J.VariableDeclarations) resource.getVariableDeclarations(), name);
                if (declared != null) {
                    return declared;
                }
            }
        }
        return null;
    }

    /**
     * Where the search stops: a method (a parameter, or the end of the local scope), a lambda (whose
     * captured locals we do not follow), or a loop that declares the name itself.
     */
    private static boolean declaresOtherwise(Object tree, String name) {
        if (tree instanceof J.MethodDeclaration) {
            return true;
        }
        if (tree instanceof J.Lambda) {
            return true;
        }
        if (tree instanceof J.ForEachLoop) {
            return declaredIn(((J.ForEachLoop) tree).getControl().getVariable(), name) != null;
        }
        if (tree instanceof J.ForLoop) {
            for (Statement init : ((J.ForLoop) tree).getControl().getInit()) {
                if (declaredIn(init, name) != null) {
                    return true;
                }
            }
        }
        return false;
    }
}
