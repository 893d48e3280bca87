package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.List;

/** The ways out of a block before its end: its {@code return}s, and jumps to a loop or switch around it. */
public final class Exits {

    private Exits() {
    }

    /** The block's own {@code return} statements (a lambda's or a nested class's are their own). */
    public static List<J.Return> returnsOf(J.Block block) {
        List<J.Return> returns = new ArrayList<>();
        new OwnCode() {
            @Override
            public J.Return visitReturn(J.Return ret, Integer p) {
                returns.add(ret);
                return ret;
            }
        }.visit(block, 0);
        return returns;
    }

    /**
     * Whether a jump can leave {@code block} before its end: a labelled {@code break} or {@code continue}, or one
     * that is not inside a loop or switch of the block ({@link #returnsOf} gives the returns).
     */
    public static boolean jumpsOut(J.Block block, Cursor parent) {
        boolean[] leaves = new boolean[1];
        new OwnCode() {
            @Override
            public J.Break visitBreak(J.Break jump, Integer p) {
                leaves[0] |= jump.getLabel() != null || !insideJumpTarget(getCursor(), block);
                return jump;
            }

            @Override
            public J.Continue visitContinue(J.Continue jump, Integer p) {
                leaves[0] |= jump.getLabel() != null || !insideJumpTarget(getCursor(), block);
                return jump;
            }
        }.visit(block, 0, parent);
        return leaves[0];
    }

    /** Whether a loop or switch inside {@code block} encloses the jump. */
    private static boolean insideJumpTarget(Cursor jump, J.Block block) {
        for (Cursor c = jump.getParent(); c != null && c.getValue() != block; c = c.getParent()) {
            Object value = c.getValue();
            if (isLoop(value) || value instanceof J.Switch || value instanceof J.SwitchExpression) {
                return true;
            }
        }
        return false;
    }

    public static boolean isLoop(Object tree) {
        return tree instanceof J.ForLoop || tree instanceof J.ForEachLoop || tree instanceof J.WhileLoop
               || tree instanceof J.DoWhileLoop;
    }

    /** The last statement of a block, or null when it is empty. */
    public static @Nullable Statement last(J.Block block) {
        List<Statement> statements = block.getStatements();
        return statements.isEmpty() ? null : statements.get(statements.size() - 1);
    }

    /** Visits a block's own code: not the bodies of its lambdas and nested classes. */
    private static class OwnCode extends JavaIsoVisitor<Integer> {
        @Override
        public J.Lambda visitLambda(J.Lambda lambda, Integer p) {
            return lambda;
        }

        @Override
        public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDecl, Integer p) {
            return classDecl;
        }

        @Override
        public J.NewClass visitNewClass(J.NewClass newClass, Integer p) {
            return newClass.getBody() == null ? super.visitNewClass(newClass, p) : newClass;
        }
    }
}
