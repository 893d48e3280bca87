package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.Exits;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.List;

/**
 * {@code map(e -> { statements; return value; })}: a block lambda whose only {@code return} is its last statement
 * (with no comment above it).
 * In a loop over the source the statements run first in the loop's body, then the value is stored, element by
 * element as the stream runs them. The lambda's locals cannot clash with the method's (Java forbids a lambda to
 * redeclare them), and the names the loop adds are fresh in the whole method, lambda bodies included.
 */
final class BlockLambda {

    /** The statements before the {@code return}. */
    final List<Statement> leading;
    /** What the {@code return} gives. */
    final Expression value;

    private BlockLambda(List<Statement> leading, Expression value) {
        this.leading = leading;
        this.value = value;
    }

    /** The lambda taken apart, or null when it is not one parameter and a block ending in its only {@code return}. */
    static @Nullable BlockLambda of(J.Lambda lambda) {
        if (lambda.getParameters().getParameters().size() != 1 || !(lambda.getBody() instanceof J.Block)) {
            return null;
        }
        List<Statement> statements = ((J.Block) lambda.getBody()).getStatements();
        if (statements.size() < 2 || !(statements.get(statements.size() - 1) instanceof J.Return)) {
            return null;
        }
        J.Return last = (J.Return) statements.get(statements.size() - 1);
        Expression value = last.getExpression();
        // A comment above the return would have nowhere to go: the loop stores the value in a statement of its own.
        boolean onlyReturn = Exits.returnsOf((J.Block) lambda.getBody()).size() == 1;
        return value == null || !last.getPrefix().getComments().isEmpty() || !onlyReturn ? null :
                new BlockLambda(statements.subList(0, statements.size() - 1), value);
    }
}
