package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Loop;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * The statement a stream pipeline is part of, when a loop filling a new array can go just before that statement
 * and the statement can use the array in the pipeline's place: the statement is in a block, and everything the
 * statement evaluates before the pipeline is a local variable, a parameter, a constant or {@code this}, which
 * evaluating the pipeline earlier cannot change, and which cannot fail. The pipeline may be a {@code return}
 * value, a variable's initializer, an assignment's value, an argument or the operand of a cast or an operator,
 * but not inside a lambda or a branch that may not run. Sites are scheduled while the pipeline is visited and
 * rewritten when their block is.
 */
final class LoopSite {

    private static final String PENDING = LoopSite.class.getName();
    private static final Set<String> LIST_TYPES = new HashSet<>(Arrays.asList(
            "java.util.List", "java.util.Collection", "java.util.ArrayList", "java.util.AbstractList", "java.util.AbstractCollection"));
    private static final String NOT_IN_BLOCK = "the statement is not in a method's block, where a loop could go before it";
    private static final String NOT_FIRST = "something in the statement is evaluated before the pipeline and could observe the change of order";

    final @Nullable String refusal;
    private final @Nullable Statement statement;
    private final @Nullable UUID pipeline;
    /** The parameter the pipeline is passed to, when its name suits the array. */
    private final @Nullable String parameterName;

    private LoopSite(@Nullable String refusal, @Nullable Statement statement, @Nullable UUID pipeline,
                     @Nullable String parameterName) {
        this.refusal = refusal;
        this.statement = statement;
        this.pipeline = pipeline;
        this.parameterName = parameterName;
    }

    private static LoopSite refused(String refusal) {
        return new LoopSite(refusal, null, null, null);
    }

    static LoopSite of(Cursor pipelineCursor) {
        J pipeline = pipelineCursor.getValue();
        J current = pipeline;
        String parameterName = null;
        Cursor cursor = pipelineCursor.getParentTreeCursor();
        while (true) {
            Object parent = cursor.getValue();
            if (parent instanceof J.Block) {
                break;
            }
            String refusal = evaluatedFirst(parent, current);
            if (refusal != null) {
                return refused(refusal);
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
     * Null when {@code child}, inside {@code parent}, is evaluated exactly once, after nothing that could observe
     * it being evaluated earlier; otherwise why not.
     */
    private static @Nullable String evaluatedFirst(Object parent, J child) {
        if (parent instanceof J.Return || parent instanceof J.Parentheses || parent instanceof J.TypeCast) {
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
        if (parent instanceof J.VariableDeclarations.NamedVariable) {
            return null;
        }
        if (parent instanceof J.Assignment) {
            Expression target = ((J.Assignment) parent).getVariable();
            return target instanceof J.Identifier || isThisField(target) ? null :
                    "the pipeline is assigned to an array element or another object's field";
        }
        if (parent instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) parent;
            if (call.getSelect() == child) {
                return null;
            }
            return call.getSelect() != null && !isInert(call.getSelect()) || !inertBefore(call.getArguments(), child) ? NOT_FIRST : null;
        }
        if (parent instanceof J.NewClass) {
            J.NewClass newClass = (J.NewClass) parent;
            return newClass.getBody() == null && newClass.getEnclosing() == null && inertBefore(newClass.getArguments(), child) ? null : NOT_FIRST;
        }
        if (parent instanceof J.FieldAccess) {
            return null;
        }
        if (parent instanceof J.ArrayAccess) {
            J.ArrayAccess access = (J.ArrayAccess) parent;
            return access.getIndexed() == child || isInert(access.getIndexed()) ? null : NOT_FIRST;
        }
        if (parent instanceof J.Binary) {
            J.Binary binary = (J.Binary) parent;
            if (binary.getOperator() == J.Binary.Type.And || binary.getOperator() == J.Binary.Type.Or) {
                return binary.getLeft() == child ? null : "the pipeline is evaluated only on one side of `&&` or `||`";
            }
            return binary.getLeft() == child || isInert(binary.getLeft()) ? null : NOT_FIRST;
        }
        if (parent instanceof J.Lambda) {
            return "the pipeline is the body of a lambda, which has no block to put a loop in";
        }
        if (parent instanceof J.Ternary) {
            return ((J.Ternary) parent).getCondition() == child ? null : "the pipeline is evaluated only in one branch of `?:`";
        }
        return "the pipeline is part of a statement the rewrite does not handle";
    }

    private static boolean inertBefore(List<Expression> arguments, J child) {
        for (Expression argument : arguments) {
            if (argument == child) {
                return true;
            }
            if (!isInert(argument)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A literal, {@code this}, a type name, a local variable or parameter, or a final field: evaluating the
     * pipeline first cannot change its value, and reading it cannot throw.
     */
    private static boolean isInert(Expression e) {
        if (e instanceof J.Parentheses && ((J.Parentheses<?>) e).getTree() instanceof Expression) {
            return isInert((Expression) ((J.Parentheses<?>) e).getTree());
        }
        if (e instanceof J.Literal || e instanceof J.Empty) {
            return true;
        }
        if (e instanceof J.FieldAccess) {
            J.FieldAccess access = (J.FieldAccess) e;
            boolean onThisOrType = access.getTarget() instanceof J.Identifier &&
                                   (((J.Identifier) access.getTarget()).getFieldType() == null || isThis(access.getTarget()));
            return onThisOrType && isUnchanging(access.getName().getFieldType());
        }
        if (e instanceof J.Identifier) {
            J.Identifier identifier = (J.Identifier) e;
            return isThis(identifier) || identifier.getFieldType() == null && identifier.getType() instanceof JavaType.FullyQualified ||
                   isUnchanging(identifier.getFieldType());
        }
        return false;
    }

    /** A local variable or parameter (which a lambda cannot assign), or a final field. */
    private static boolean isUnchanging(JavaType.@Nullable Variable variable) {
        return variable != null && (variable.getOwner() instanceof JavaType.Method || variable.hasFlags(Flag.Final));
    }

    private static boolean isThis(Expression e) {
        return e instanceof J.Identifier && "this".equals(((J.Identifier) e).getSimpleName());
    }

    private static boolean isThisField(Expression target) {
        return target instanceof J.FieldAccess && isThis(((J.FieldAccess) target).getTarget());
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
    private boolean declares() {
        return statement instanceof J.VariableDeclarations &&
               ((J.VariableDeclarations) statement).getVariables().get(0).getInitializer() != null &&
               ((J.VariableDeclarations) statement).getVariables().get(0).getInitializer().getId().equals(pipeline);
    }

    /**
     * Why the declared variable the pipeline initialises cannot hold the new list that the loop then adds to:
     * {@code var} would infer another type from {@code new ArrayList<>(..)}, and a type without {@code add(R)}
     * (a wildcard, {@code Iterable}, a raw type) cannot take the additions. Null when it can, or when the site
     * declares nothing.
     */
    @Nullable String declaredTypeRefusal() {
        if (!declares()) {
            return null;
        }
        J.VariableDeclarations declaration = (J.VariableDeclarations) statement;
        TypeTree typeExpression = declaration.getTypeExpression();
        if (typeExpression instanceof J.Identifier && "var".equals(((J.Identifier) typeExpression).getSimpleName())) {
            return "the variable is declared with `var`, which would take its type from `new ArrayList<>(..)`";
        }
        JavaType type = declaration.getType();
        boolean takesAdd = type instanceof JavaType.Parameterized &&
                           LIST_TYPES.contains(((JavaType.Parameterized) type).getFullyQualifiedName()) &&
                           ((JavaType.Parameterized) type).getTypeParameters().size() == 1 &&
                           !isWildcard(((JavaType.Parameterized) type).getTypeParameters().get(0));
        return takesAdd ? null : "the variable is declared as " + TypeUtils.toString(type) + ", to which the loop cannot add";
    }

    private static boolean isWildcard(JavaType type) {
        return type instanceof JavaType.GenericTypeVariable && "?".equals(((JavaType.GenericTypeVariable) type).getName());
    }

    /** The declared variable's name, or a fresh one: the parameter's the pipeline is passed to, else {@code result}. */
    String arrayName(FreshNames names) {
        if (declares()) {
            return ((J.VariableDeclarations) statement).getVariables().get(0).getSimpleName();
        }
        return names.take(parameterName != null ? parameterName : "result");
    }

    /** {@code String} with length {@code n} is {@code String[n]}; {@code String[]} is {@code String[n][]}. */
    static String newArray(String component, String length) {
        int dims = component.indexOf('[');
        return dims < 0 ? component + "[" + length + "]" :
                component.substring(0, dims) + "[" + length + "]" + component.substring(dims);
    }

    /** Remembers, on the statement's block, to put {@code filled} before the statement (or in its place). */
    void schedule(Cursor pipelineCursor, FilledLoop filled) {
        Cursor block = pipelineCursor.dropParentUntil(J.Block.class::isInstance);
        Map<UUID, Pending> pending = block.computeMessageIfAbsent(PENDING, k -> new HashMap<>());
        pending.put(statement.getId(), new Pending(this, filled));
    }

    /**
     * Applies the replacements scheduled for {@code block}'s statements and records each in the data table,
     * with the loop as its replacement.
     */
    static J.Block applyScheduled(Cursor blockCursor, J.Block block, PerformanceCandidates candidates, ExecutionContext ctx) {
        return applyScheduled(blockCursor, block, (before, after) -> {
            Statement loop = after.stream().filter(J.ForEachLoop.class::isInstance).findFirst().orElse(after.get(0));
            candidates.recordChange(ctx, blockCursor, before, loop);
        });
    }

    private static J.Block applyScheduled(Cursor blockCursor, J.Block block, BiConsumer<Statement, List<Statement>> replaced) {
        Map<UUID, Pending> pending = blockCursor.getMessage(PENDING);
        if (pending == null) {
            return block;
        }
        J.Block b = block;
        for (int i = 0; i < b.getStatements().size(); i++) {
            Statement statement = b.getStatements().get(i);
            Pending scheduled = pending.get(statement.getId());
            if (scheduled == null) {
                continue;
            }
            boolean declares = scheduled.site.declares();
            FilledLoop filled = scheduled.filled;
            int before = b.getStatements().size();
            JavaTemplate template = JavaTemplate.builder(filled.code)
                    .imports(filled.imports.toArray(new String[0]))
                    .build();
            if (declares) {
                b = template.apply(new Cursor(blockCursor.getParent(), b), statement.getCoordinates().replace(),
                        filled.parameters.toArray());
            } else {
                b = insertBefore(i, template.apply(new Cursor(blockCursor.getParent(), b), b.getCoordinates().lastStatement(),
                        filled.parameters.toArray()), before);
            }
            int added = b.getStatements().size() - before + (declares ? 1 : 0);
            List<Statement> statements = new ArrayList<>(b.getStatements());
            J.MethodDeclaration method = blockCursor.firstEnclosing(J.MethodDeclaration.class);
            List<Statement> generated = filled.retype(statements.subList(i, i + added),
                    declares ? (J.VariableDeclarations) statement : null, method == null ? null : method.getMethodType());
            for (int g = 0; g < added; g++) {
                statements.set(i + g, generated.get(g));
            }
            statements.set(i, statements.get(i).withPrefix(statement.getPrefix()));
            if (!declares) {
                J.VariableDeclarations array = (J.VariableDeclarations) statements.get(i);
                statements.set(i + added, usingArray(statement, scheduled.site.pipeline, array.getVariables().get(0).getName()));
            }
            b = b.withStatements(statements);
            replaced.accept(statement, statements.subList(i, i + added));
            i += added - (declares ? 1 : 0);
        }
        return b;
    }

    /**
     * Moves the statements appended after the block's first {@code size} to index {@code i}. The template is applied
     * at the block's end rather than before the statement because, before a call whose value is unused, the
     * template would be parsed as an expression.
     */
    private static J.Block insertBefore(int i, J.Block appended, int size) {
        List<Statement> statements = new ArrayList<>(appended.getStatements());
        List<Statement> generated = new ArrayList<>(statements.subList(size, statements.size()));
        statements.subList(size, statements.size()).clear();
        statements.addAll(i, generated);
        return appended.withStatements(statements);
    }

    /** The statement with the new array in the pipeline's place; its comments moved to the first new statement. */
    private static Statement usingArray(Statement statement, @Nullable UUID pipeline, J.Identifier array) {
        Statement using = (Statement) new JavaVisitor<Integer>() {
            @Override
            public J visitMethodInvocation(J.MethodInvocation method, Integer p) {
                return method.getId().equals(pipeline) ? array.withId(Tree.randomId()).withPrefix(method.getPrefix()) :
                        super.visitMethodInvocation(method, p);
            }
        }.visitNonNull(statement, 0);
        Space prefix = statement.getPrefix();
        return using.withPrefix(prefix.withComments(Collections.emptyList()).withWhitespace(
                prefix.getComments().isEmpty() ? prefix.getWhitespace() : prefix.getComments().get(prefix.getComments().size() - 1).getSuffix()));
    }

    private static final class Pending {
        final LoopSite site;
        final FilledLoop filled;

        Pending(LoopSite site, FilledLoop filled) {
            this.site = site;
            this.filled = filled;
        }
    }
}
