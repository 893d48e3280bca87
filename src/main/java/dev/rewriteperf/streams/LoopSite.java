package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.names.FreshNames;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Loop;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.UUID;

import static dev.rewriteperf.analysis.evaluation.SafeToEvaluate.unchangedByOtherCode;


/**
 * The statement a stream pipeline is part of, when a loop filling a new array can go just before that statement
 * and the statement can use the array in the pipeline's place: the statement is in a block, and everything the
 * statement evaluates before the pipeline is a local variable, a parameter, a constant or {@code this}, which
 * evaluating the pipeline earlier cannot change, and which cannot fail. The pipeline may be a {@code return}
 * value, a variable's initializer, an assignment's value, an argument or the operand of a cast or an operator,
 * but not inside a lambda or a branch that may not run. {@link LoopSchedulingVisitor} remembers the site until
 * it leaves the site's block, and {@link LoopSplice} then puts the loop in.
 */
final class LoopSite {

    private static final String NOT_IN_BLOCK = "the statement is not in a method's block, where a loop could go before it";
    private static final String NOT_FIRST = "something in the statement is evaluated before the pipeline and could observe the change of order";

    final @Nullable String reason;
    /** The statement the loop goes before, or replaces when {@link #declares}; null when refused. */
    final @Nullable Statement statement;
    /** The id of the pipeline's terminal call; null when refused. */
    final @Nullable UUID pipeline;
    /** The parameter the pipeline is passed to, when its name suits the array. */
    private final @Nullable String parameterName;

    private LoopSite(@Nullable String reason, @Nullable Statement statement, @Nullable UUID pipeline,
                     @Nullable String parameterName) {
        this.reason = reason;
        this.statement = statement;
        this.pipeline = pipeline;
        this.parameterName = parameterName;
    }

    private static LoopSite refused(String reason) {
        return new LoopSite(reason, null, null, null);
    }

    /** Walks up from the pipeline to the statement in a block that it is part of. */
    static LoopSite of(Cursor pipelineCursor) {
        J pipeline = pipelineCursor.getValue();
        J current = pipeline;
        String parameterName = null;
        Cursor cursor = pipelineCursor.getParentTreeCursor();
        while (!(cursor.getValue() instanceof J.Block)) {
            Object parent = cursor.getValue();
            String reason = orderReason(parent, current);
            if (reason != null) {
                return refused(reason);
            }
            if (parent instanceof J.MethodInvocation && current == pipeline) {
                parameterName = parameterName((J.MethodInvocation) parent, pipeline);
            }
            current = (J) parent;
            cursor = cursor.getParentTreeCursor();
        }
        Object owner = cursor.getParentTreeCursor().getValue();
        if (!(current instanceof Statement) || owner instanceof J.ClassDeclaration || owner instanceof J.NewClass) {
            return refused(NOT_IN_BLOCK);
        }
        return new LoopSite(null, (Statement) current, pipeline.getId(), parameterName);
    }

    /**
     * Why {@code child}, inside {@code parent}, may not be evaluated exactly once, after nothing that could observe
     * it being evaluated earlier; null when it is.
     */
    private static @Nullable String orderReason(Object parent, J child) {
        if (parent instanceof J.Return || parent instanceof J.Parentheses || parent instanceof J.TypeCast ||
            parent instanceof J.VariableDeclarations.NamedVariable || parent instanceof J.FieldAccess) {
            return null;
        }
        if (parent instanceof J.If || parent instanceof J.If.Else || parent instanceof Loop || parent instanceof J.Case ||
            parent instanceof J.Label) {
            return NOT_IN_BLOCK;
        }
        if (parent instanceof J.VariableDeclarations) {
            return ((J.VariableDeclarations) parent).getVariables().size() == 1 ? null :
                    "the pipeline initialises one of several variables declared together";
        }
        if (parent instanceof J.Assignment) {
            Expression target = ((J.Assignment) parent).getVariable();
            return target instanceof J.Identifier || isThisField(target) ? null :
                    "the pipeline is assigned to an array element or another object's field";
        }
        if (parent instanceof J.MethodInvocation || parent instanceof J.NewClass || parent instanceof J.ArrayAccess) {
            return operandOrderReason((Expression) parent, child);
        }
        if (parent instanceof J.Binary) {
            return binaryOrderReason((J.Binary) parent, child);
        }
        if (parent instanceof J.Lambda) {
            return "the pipeline is the body of a lambda, which has no block to put a loop in";
        }
        if (parent instanceof J.Ternary) {
            return ((J.Ternary) parent).getCondition() == child ? null : "the pipeline is evaluated only in one branch of `?:`";
        }
        return "the pipeline is part of a statement the rewrite does not handle";
    }

    /**
     * Why the operands of a call, a {@code new} or an array access that are evaluated before {@code child} might
     * observe the pipeline being evaluated earlier; null when the pipeline cannot change any of them
     * ({@link dev.rewriteperf.analysis.evaluation.SafeToEvaluate#unchangedByOtherCode}).
     */
    private static @Nullable String operandOrderReason(Expression parent, J child) {
        if (parent instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) parent;
            if (call.getSelect() == child) {
                return null;
            }
            return call.getSelect() != null && !unchangedByOtherCode(call.getSelect()) || !unchangedBefore(call.getArguments(), child) ? NOT_FIRST : null;
        }
        if (parent instanceof J.NewClass) {
            J.NewClass newClass = (J.NewClass) parent;
            return newClass.getBody() == null && newClass.getEnclosing() == null && unchangedBefore(newClass.getArguments(), child) ? null : NOT_FIRST;
        }
        J.ArrayAccess access = (J.ArrayAccess) parent;
        return access.getIndexed() == child || unchangedByOtherCode(access.getIndexed()) ? null : NOT_FIRST;
    }

    /** Why an operator's left operand might observe the pipeline on its right being evaluated earlier; null when not. */
    private static @Nullable String binaryOrderReason(J.Binary binary, J child) {
        if (binary.getOperator() == J.Binary.Type.And || binary.getOperator() == J.Binary.Type.Or) {
            return binary.getLeft() == child ? null : "the pipeline is evaluated only on one side of `&&` or `||`";
        }
        return binary.getLeft() == child || unchangedByOtherCode(binary.getLeft()) ? null : NOT_FIRST;
    }

    private static boolean unchangedBefore(List<Expression> arguments, J child) {
        for (Expression argument : arguments) {
            if (argument == child) {
                return true;
            }
            if (!unchangedByOtherCode(argument)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isThisField(Expression target) {
        if (!(target instanceof J.FieldAccess)) {
            return false;
        }
        Expression owner = ((J.FieldAccess) target).getTarget();
        return owner instanceof J.Identifier && "this".equals(((J.Identifier) owner).getSimpleName());
    }

    /** The name of the parameter {@code argument} is passed to, if the compiled method kept a real one. */
    private static @Nullable String parameterName(J.MethodInvocation call, J argument) {
        JavaType.Method method = call.getMethodType();
        int index = call.getArguments().indexOf(argument);
        if (method == null || index < 0 || index >= method.getParameterNames().size()) {
            return null;
        }
        String name = method.getParameterNames().get(index);
        return name.length() < 3 || name.matches("arg\\d+") ? null : name;
    }

    /** Whether the array takes the place of the declared variable: the pipeline is its whole initializer. */
    boolean declares() {
        return statement instanceof J.VariableDeclarations &&
               ((J.VariableDeclarations) statement).getVariables().get(0).getInitializer() != null &&
               ((J.VariableDeclarations) statement).getVariables().get(0).getInitializer().getId().equals(pipeline);
    }

    /**
     * Why the declared variable the pipeline initialises cannot hold the new list (set) that the loop then adds to:
     * {@code var} would infer another type from {@code new ArrayList<>(..)}, and a type without {@code add(R)}
     * (a wildcard, {@code Iterable}, a raw type) cannot take the additions. Null when it can, or when the site
     * declares nothing.
     */
    @Nullable String declaredTypeReason(CollectedCollection.Kind kind) {
        if (!declares()) {
            return null;
        }
        J.VariableDeclarations declaration = (J.VariableDeclarations) statement;
        TypeTree typeExpression = declaration.getTypeExpression();
        if (typeExpression instanceof J.Identifier && "var".equals(((J.Identifier) typeExpression).getSimpleName())) {
            return kind.varReason();
        }
        JavaType type = declaration.getType();
        boolean takesAdd = type instanceof JavaType.Parameterized &&
                           kind.variableTypes.contains(((JavaType.Parameterized) type).getFullyQualifiedName()) &&
                           ((JavaType.Parameterized) type).getTypeParameters().size() == 1 &&
                           !isWildcard(((JavaType.Parameterized) type).getTypeParameters().get(0));
        return takesAdd ? null : "the variable is declared as " + TypeUtils.toString(type) + ", to which the loop cannot add";
    }

    private static boolean isWildcard(JavaType type) {
        return type instanceof JavaType.GenericTypeVariable && "?".equals(((JavaType.GenericTypeVariable) type).getName());
    }

    /**
     * The new array's or list's name: the declared variable's, or a fresh one, the name of the parameter the
     * pipeline is passed to, else {@code result}.
     */
    String filledName(FreshNames names) {
        if (declares()) {
            return ((J.VariableDeclarations) statement).getVariables().get(0).getSimpleName();
        }
        return names.take(parameterName != null ? parameterName : "result");
    }
}
