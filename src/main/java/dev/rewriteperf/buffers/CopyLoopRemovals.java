package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.List;

/**
 * The declarations {@link UseTransferToForCopyLoops} removes with a copy loop: the buffer's
 * ({@code byte[] buffer = new byte[8192];}) and the count's ({@code int n;}), both in the loop's block, before
 * it, and used by nothing else in the block.
 */
final class CopyLoopRemovals {
    /** The index in the block of the buffer's declaration, a constant-size allocation; -1 when there is none. */
    int buffer = -1;
    /** The index in the block of the count's declaration; -1 when there is none. */
    int count = -1;
    /** A statement of the block other than the loop and the buffer's declaration names the buffer. */
    boolean bufferUsedElsewhere;
    /** A statement of the block other than the loop and the count's declaration names the count. */
    boolean countUsedElsewhere;

    CopyLoopRemovals(List<Statement> statements, int loopIndex, CopyLoop copy) {
        for (int i = 0; i < loopIndex; i++) {
            if (isConstantSizeAllocation(statements.get(i), copy.buffer)) {
                buffer = i;
            } else if (isPlainDeclaration(statements.get(i), copy.count)) {
                count = i;
            }
        }
        for (int i = 0; i < statements.size(); i++) {
            if (i != loopIndex && i != buffer) {
                bufferUsedElsewhere |= References.countNamed(statements.get(i), copy.buffer.getSimpleName()) > 0;
            }
            if (i != loopIndex && i != count) {
                countUsedElsewhere |= References.countNamed(statements.get(i), copy.count.getSimpleName()) > 0;
            }
        }
    }

    /** Where the statement that replaces the loop ends up once the declarations before it are gone. */
    int replacedIndex(int loopIndex) {
        return loopIndex - (buffer >= 0 ? 1 : 0) - (count >= 0 ? 1 : 0);
    }

    private static boolean isConstantSizeAllocation(Statement statement, J.Identifier buffer) {
        J.VariableDeclarations declaration = ScratchArray.declaredBy(statement);
        return declaration != null && declaration.getVariables().get(0).getSimpleName().equals(buffer.getSimpleName()) &&
               ScratchArray.hasConstantSize(declaration);
    }

    private static boolean isPlainDeclaration(Statement statement, J.Identifier count) {
        J.VariableDeclarations.NamedVariable variable = single(statement, count);
        return variable != null && (variable.getInitializer() == null || ExpressionShapes.unwrap(variable.getInitializer()) instanceof J.Literal);
    }

    private static J.VariableDeclarations.@Nullable NamedVariable single(Statement statement, J.Identifier name) {
        if (!(statement instanceof J.VariableDeclarations) || ((J.VariableDeclarations) statement).getVariables().size() != 1) {
            return null;
        }
        J.VariableDeclarations.NamedVariable variable = ((J.VariableDeclarations) statement).getVariables().get(0);
        return variable.getSimpleName().equals(name.getSimpleName()) ? variable : null;
    }
}
