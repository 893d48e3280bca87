package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.FreshNames;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * The statement whose whole value a stream pipeline is ({@code return p;}, {@code T[] a = p;} or
 * {@code a = p;}) in a block, so that a loop filling a new array can go just before it and the statement can
 * use that array instead: nothing else in the statement is evaluated before the pipeline, so nothing changes
 * order. Sites are scheduled while the pipeline is visited and rewritten when its block is.
 */
final class LoopSite {

    private static final String PENDING = LoopSite.class.getName();

    final @Nullable String refusal;
    private final @Nullable Statement statement;

    private LoopSite(@Nullable String refusal, @Nullable Statement statement) {
        this.refusal = refusal;
        this.statement = statement;
    }

    static LoopSite of(Cursor pipeline) {
        Cursor parent = pipeline.getParentTreeCursor();
        Object value = parent.getValue();
        if (value instanceof J.VariableDeclarations.NamedVariable) {
            parent = parent.getParentTreeCursor();
            value = parent.getValue();
            if (((J.VariableDeclarations) value).getVariables().size() != 1) {
                return new LoopSite("the pipeline initialises one of several variables declared together", null);
            }
        } else if (value instanceof J.Assignment) {
            Expression target = ((J.Assignment) value).getVariable();
            if (!(target instanceof J.Identifier) && !isThisField(target)) {
                return new LoopSite("the pipeline is assigned to an array element or another object's field", null);
            }
        } else if (!(value instanceof J.Return)) {
            return new LoopSite("the pipeline is not the whole of a `return`, a variable's initializer or an assignment", null);
        }
        Object block = parent.getParentTreeCursor().getValue();
        Object owner = parent.getParentTreeCursor().getParentTreeCursor().getValue();
        if (!(block instanceof J.Block) || owner instanceof J.ClassDeclaration || owner instanceof J.NewClass) {
            return new LoopSite("the statement is not in a method's block, where a loop could go before it", null);
        }
        return new LoopSite(null, (Statement) value);
    }

    private static boolean isThisField(Expression target) {
        return target instanceof J.FieldAccess && ((J.FieldAccess) target).getTarget() instanceof J.Identifier &&
               "this".equals(((J.Identifier) ((J.FieldAccess) target).getTarget()).getSimpleName());
    }

    /** The array's name: the declared variable's, or a fresh one that a {@code return} or assignment then uses. */
    String arrayName(FreshNames names) {
        return statement instanceof J.VariableDeclarations ?
                ((J.VariableDeclarations) statement).getVariables().get(0).getSimpleName() : names.take("result");
    }

    /** {@code String} with length {@code n} is {@code String[n]}; {@code String[]} is {@code String[n][]}. */
    static String newArray(String component, String length) {
        int dims = component.indexOf('[');
        return dims < 0 ? component + "[" + length + "]" :
                component.substring(0, dims) + "[" + length + "]" + component.substring(dims);
    }

    /** Remembers, on the statement's block, to put {@code filled} before the statement (or in its place). */
    void schedule(Cursor pipeline, FilledArray filled) {
        Cursor block = pipeline.dropParentUntil(J.Block.class::isInstance);
        Map<UUID, FilledArray> pending = block.computeMessageIfAbsent(PENDING, k -> new HashMap<>());
        pending.put(statement.getId(), filled);
    }

    /**
     * Applies the replacements scheduled for {@code block}'s statements, telling {@code replaced} each original
     * statement and the statements that took its place.
     */
    static J.Block applyScheduled(Cursor blockCursor, J.Block block, BiConsumer<Statement, List<Statement>> replaced) {
        Map<UUID, FilledArray> pending = blockCursor.getMessage(PENDING);
        if (pending == null) {
            return block;
        }
        J.Block b = block;
        for (int i = 0; i < b.getStatements().size(); i++) {
            Statement statement = b.getStatements().get(i);
            FilledArray filled = pending.get(statement.getId());
            if (filled == null) {
                continue;
            }
            boolean declares = statement instanceof J.VariableDeclarations;
            int before = b.getStatements().size();
            b = JavaTemplate.builder(filled.code)
                    .imports(filled.imports.toArray(new String[0]))
                    .build()
                    .apply(new Cursor(blockCursor.getParent(), b),
                            declares ? statement.getCoordinates().replace() : statement.getCoordinates().before(),
                            filled.parameters.toArray());
            int added = b.getStatements().size() - before + (declares ? 1 : 0);
            List<Statement> statements = new ArrayList<>(b.getStatements());
            List<Statement> generated = filled.retype(statements.subList(i, i + added),
                    declares ? (J.VariableDeclarations) statement : null);
            for (int g = 0; g < added; g++) {
                statements.set(i + g, generated.get(g));
            }
            statements.set(i, statements.get(i).withPrefix(statement.getPrefix()));
            if (!declares) {
                J.VariableDeclarations array = (J.VariableDeclarations) statements.get(i);
                statements.set(i + added, usingArray(statement, array.getVariables().get(0).getName()));
            }
            b = b.withStatements(statements);
            replaced.accept(statement, statements.subList(i, i + added));
            i += added - (declares ? 1 : 0);
        }
        return b;
    }

    /** {@code return p;} becomes {@code return array;}, {@code a = p;} becomes {@code a = array;}. */
    private static Statement usingArray(Statement statement, J.Identifier array) {
        J.Identifier reference = array.withId(Tree.randomId());
        if (statement instanceof J.Return) {
            J.Return r = (J.Return) statement;
            return r.withExpression(reference.withPrefix(r.getExpression().getPrefix())).withPrefix(withoutComments(r.getPrefix()));
        }
        J.Assignment a = (J.Assignment) statement;
        return a.withAssignment(reference.withPrefix(a.getAssignment().getPrefix())).withPrefix(withoutComments(a.getPrefix()));
    }

    private static Space withoutComments(Space prefix) {
        return prefix.withComments(Collections.emptyList()).withWhitespace(
                prefix.getComments().isEmpty() ? prefix.getWhitespace() : prefix.getComments().get(prefix.getComments().size() - 1).getSuffix());
    }
}
