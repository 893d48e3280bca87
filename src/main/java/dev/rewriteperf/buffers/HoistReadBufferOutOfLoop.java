package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class HoistReadBufferOutOfLoop extends Recipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Allocate a read buffer once, before the loop";
    }

    @Override
    public String getDescription() {
        return "A constant-size `byte[]` or `char[]` allocated in every iteration and only read into and read back " +
               "is allocated once before the loop. Arrays whose old contents an iteration could see are left alone. " + Measured.sentence(HoistReadBufferOutOfLoop.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "io", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(Preconditions.or(
                        new UsesMethod<>("java.io.InputStream read(..)", true), new UsesMethod<>("java.io.Reader read(..)", true),
                        new UsesMethod<>("java.io.RandomAccessFile read(..)", true), new UsesMethod<>("java.io.DataInput readFully(byte[])", true)),
                FileFormat.keptBy(new HoistVisitor()));
    }

    /** In each block, moves read buffers allocated at the top of a loop's body out before the loop. */
    private final class HoistVisitor extends JavaIsoVisitor<ExecutionContext> {
        @Override
        public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
            J.Block b = super.visitBlock(block, ctx);
            List<Statement> statements = new ArrayList<>(b.getStatements());
            boolean changed = false;
            for (int i = 0; i < statements.size(); i++) {
                Statement hoisted = hoist(statements, i, new Cursor(getCursor().getParentOrThrow(), b), ctx);
                if (hoisted != null) {
                    statements.add(i, hoisted);
                    changed = true;
                }
            }
            return changed ? b.withStatements(statements) : b;
        }

        /**
         * Moves the first hoistable buffer declaration out of the loop at {@code statements[i]}, replacing the loop
         * there, and returns the declaration to insert before it; null when there is none. The others are recorded.
         */
        private @Nullable Statement hoist(List<Statement> statements, int i, Cursor blockCursor, ExecutionContext ctx) {
            Statement statement = statements.get(i);
            Statement loop = statement instanceof J.Label ? ((J.Label) statement).getStatement() : statement;
            J.Block body = body(loop);
            if (body == null) {
                return null;
            }
            Cursor bodyCursor = new Cursor(new Cursor(blockCursor, loop), body);
            List<Statement> inBody = body.getStatements();
            for (int k = 0; k < inBody.size(); k++) {
                J.VariableDeclarations declaration = ScratchArray.declaredBy(inBody.get(k));
                if (declaration == null) {
                    continue;
                }
                Cursor at = new Cursor(bodyCursor, declaration);
                String reason = reason(statements, i, loop, inBody, k, declaration.getVariables().get(0).getSimpleName(), bodyCursor);
                if (reason != null) {
                    spots.leftAlone(ctx, at, declaration, reason);
                    continue;
                }
                if (!spots.mayRewrite(ctx, at, declaration)) {
                    continue;
                }
                J.VariableDeclarations moved = moveOut(statements, i, body, k);
                spots.rewritten(ctx, at, declaration, moved);
                return moved;
            }
            return null;
        }
    }

    /**
     * Removes the declaration at {@code body[k]} from the loop at {@code statements[i]} (a comment above it stays
     * with the statement that followed it) and returns it, to go where the loop was, which moves to the next line.
     */
    private static J.VariableDeclarations moveOut(List<Statement> statements, int i, J.Block body, int k) {
        Statement statement = statements.get(i);
        Statement loop = statement instanceof J.Label ? ((J.Label) statement).getStatement() : statement;
        J.VariableDeclarations declaration = (J.VariableDeclarations) body.getStatements().get(k);
        List<Statement> rest = new ArrayList<>(body.getStatements());
        rest.remove(k);
        if (k < rest.size() && !declaration.getComments().isEmpty()) {
            rest.set(k, rest.get(k).withPrefix(declaration.getPrefix()));
        }
        Statement withoutDeclaration = withBody(loop, body.withStatements(rest));
        statements.set(i, statement instanceof J.Label ?
                ((J.Label) statement).withStatement(withoutDeclaration) : withoutDeclaration);
        statements.set(i, statements.get(i).withPrefix(Space.format("\n" + statement.getPrefix().getIndent())));
        return declaration.withPrefix(statement.getPrefix());
    }

    /**
     * Why the buffer {@code name} declared at {@code body[declarationIndex]} may not move out of the loop at
     * {@code statements[loopIndex]}; null when it may.
     */
    private static @Nullable String reason(List<Statement> statements, int loopIndex, Statement loop, List<Statement> body,
                                            int declarationIndex, String name, Cursor bodyCursor) {
        if (!ScratchArray.hasConstantSize((J.VariableDeclarations) body.get(declarationIndex))) {
            return "the size is not a constant: allocated before the loop, it would be computed before the first " +
                   "iteration, even when there is none";
        }
        int usesInLoop = References.countNamed(loop, name);
        int usesAfterDeclaration = 0;
        for (int k = declarationIndex; k < body.size(); k++) {
            usesAfterDeclaration += References.countNamed(body.get(k), name);
        }
        if (usesInLoop != usesAfterDeclaration) {
            return "`" + name + "` also names something else in the loop, which the moved declaration would hide";
        }
        for (int i = loopIndex + 1; i < statements.size(); i++) {
            if (References.countNamed(statements.get(i), name) > 0) {
                return "`" + name + "` is used after the loop, where the moved declaration would still be in scope";
            }
        }
        return ReadBufferUses.reason(body.subList(declarationIndex + 1, body.size()), bodyCursor, name);
    }

    private static J.@Nullable Block body(Statement loop) {
        Statement body = loop instanceof J.WhileLoop ? ((J.WhileLoop) loop).getBody() :
                loop instanceof J.DoWhileLoop ? ((J.DoWhileLoop) loop).getBody() :
                        loop instanceof J.ForLoop ? ((J.ForLoop) loop).getBody() :
                                loop instanceof J.ForEachLoop ? ((J.ForEachLoop) loop).getBody() : null;
        return body instanceof J.Block ? (J.Block) body : null;
    }

    private static Statement withBody(Statement loop, J.Block body) {
        if (loop instanceof J.WhileLoop) {
            return ((J.WhileLoop) loop).withBody(body);
        }
        if (loop instanceof J.DoWhileLoop) {
            return ((J.DoWhileLoop) loop).withBody(body);
        }
        if (loop instanceof J.ForLoop) {
            return ((J.ForLoop) loop).withBody(body);
        }
        return ((J.ForEachLoop) loop).withBody(body);
    }
}
