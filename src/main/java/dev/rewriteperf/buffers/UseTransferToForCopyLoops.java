package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.project.Release;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.recipes.ReleaseDependentRecipe;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JLeftPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

public class UseTransferToForCopyLoops extends ReleaseDependentRecipe implements GatedRecipe {

    private static final MethodMatcher FILES_NEW_INPUT_STREAM = new MethodMatcher("java.nio.file.Files newInputStream(..)");
    private static final MethodMatcher FILES_NEW_OUTPUT_STREAM = new MethodMatcher("java.nio.file.Files newOutputStream(..)");

    /**
     * Streams whose {@code transferTo} beats the loop: a file stream hands the copy to the operating system
     * (JDK 18+), a byte-array stream writes its array in one call.
     */
    private static final Predicate<Expression> FAST_TRANSFER = created ->
            created instanceof J.NewClass && ((J.NewClass) created).getBody() == null &&
            (TypeUtils.isOfClassType(created.getType(), "java.io.FileInputStream") ||
             TypeUtils.isOfClassType(created.getType(), "java.io.ByteArrayInputStream")) ||
            created instanceof J.MethodInvocation && FILES_NEW_INPUT_STREAM.matches((J.MethodInvocation) created);

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Copy streams with `transferTo`, not a hand-written loop";
    }

    @Override
    public String getDescription() {
        return "A `while ((n = in.read(buf)) != -1) out.write(buf, 0, n);` loop from a file or byte-array stream " +
               "becomes `in.transferTo(out)` (Java 9+). Other streams, and buffers used elsewhere, are left alone. " + Measured.sentence(UseTransferToForCopyLoops.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "io", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(2);
    }

    @Override
    protected TreeVisitor<?, ExecutionContext> editor() {
        return Preconditions.check(Preconditions.or(
                        new UsesMethod<>("java.io.InputStream read(..)", true), new UsesMethod<>("java.io.Reader read(..)", true)),
                FileFormat.keptBy(new JavaIsoVisitor<ExecutionContext>() {
                    @Override
                    public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
                        J.Block b = super.visitBlock(block, ctx);
                        Cursor blockCursor = new Cursor(getCursor().getParentOrThrow(), b);
                        for (int i = 0; i < b.getStatements().size(); i++) {
                            CopyLoop copy = CopyLoop.of(b.getStatements().get(i));
                            if (copy == null) {
                                continue;
                            }
                            Cursor loopCursor = new Cursor(blockCursor, copy.loop);
                            CopyLoopRemovals removals = new CopyLoopRemovals(b.getStatements(), i, copy);
                            String reason = reason(copy, loopCursor, removals);
                            if (reason == null) {
                                Release release = ReleasePromises.at(loopCursor, ctx);
                                reason = release.has(9) ? null : "InputStream.transferTo " + release.reason(9);
                            }
                            if (reason != null) {
                                spots.leftAlone(ctx, loopCursor, copy.loop, reason);
                                continue;
                            }
                            if (!spots.mayRewrite(ctx, loopCursor, copy.loop)) {
                                continue;
                            }
                            Statement[] replacement = new Statement[1];
                            List<Statement> statements = rewrite(b.getStatements(), i, copy, loopCursor, removals, replacement, ctx);
                            spots.rewritten(ctx, loopCursor, copy.loop, replacement[0]);
                            b = b.withStatements(statements);
                            blockCursor = new Cursor(getCursor().getParentOrThrow(), b);
                            i = removals.replacedIndex(i);
                        }
                        return b;
                    }
                }));
    }

    /** Why {@code copy} may not become {@code transferTo}; null when it may. */
    private static @Nullable String reason(CopyLoop copy, Cursor loopCursor, CopyLoopRemovals removals) {
        if (copy.characters) {
            return "Reader.transferTo runs the same loop with a buffer of its own: nothing to gain";
        }
        if (copy.stopsAtZero) {
            return "the loop stops at a read of zero bytes (`> 0`), where transferTo reads on; streams that keep " +
                   "to the InputStream contract never return 0 here, but this one is left for a person to judge";
        }
        String inputReason = inputReason(copy, loopCursor);
        if (inputReason != null) {
            return inputReason;
        }
        if (!SafeToEvaluate.variableOrFieldOfVariable(copy.out)) {
            return "the output is not a variable or field: it would be evaluated once instead of once per chunk";
        }
        if (removals.buffer < 0) {
            return "the buffer is not allocated in this block with a constant size: it may be reused across calls, " +
                   "and transferTo would allocate a buffer of its own";
        }
        if (removals.bufferUsedElsewhere) {
            return "the buffer is used outside the loop";
        }
        if (removals.count < 0) {
            return "the count is not a local declared in this block";
        }
        if (removals.countUsedElsewhere) {
            return "the count is read outside the loop";
        }
        String totalReason = copy.total == null ? null : totalReason(copy.total, loopCursor);
        if (totalReason != null) {
            return totalReason;
        }
        return isCreatedHere(copy.out, loopCursor) ? null :
                "the output is not created in this method and may be null: the loop writes nothing for an empty " +
                "input, where transferTo throws NullPointerException before reading";
    }

    /**
     * Why the input's {@code transferTo} may not replace the loop (it is not a file or byte-array stream created in
     * this method, or the loop implements {@code transferTo}); null when it may.
     */
    private static @Nullable String inputReason(CopyLoop copy, Cursor loopCursor) {
        J.MethodDeclaration method = loopCursor.firstEnclosing(J.MethodDeclaration.class);
        if (method != null && "transferTo".equals(method.getSimpleName())) {
            return "the loop implements transferTo itself";
        }
        Expression in = ExpressionShapes.unwrap(copy.in);
        Expression created = in instanceof J.Identifier ?
                LocalVariables.effectivelyFinalInitializer((J.Identifier) in, loopCursor) : null;
        if (created == null) {
            return "the input stream is not created in this method: its class decides whether transferTo is any " +
                   "faster, and one whose transferTo calls this copy would call itself";
        }
        return FAST_TRANSFER.test(ExpressionShapes.unwrap(created)) ? null :
                "transferTo of `" + typeName(created) + "` is the same loop with a buffer of its own, twice as " +
                "large as 8 KiB on JDK 21+: measured, no faster and more bytes allocated (only file and byte-array " +
                "streams gain)";
    }

    private static String typeName(Expression expression) {
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(expression.getType());
        return type == null ? "the input stream" : type.getClassName();
    }

    /** A local or resource initialized with {@code new ..(..)} or {@code Files.newOutputStream(..)}: never null. */
    private static boolean isCreatedHere(Expression out, Cursor loopCursor) {
        Expression e = ExpressionShapes.unwrap(out);
        Expression created = e instanceof J.Identifier ?
                LocalVariables.effectivelyFinalInitializer((J.Identifier) e, loopCursor) : null;
        Expression value = created == null ? null : ExpressionShapes.unwrap(created);
        return value instanceof J.NewClass ||
               value instanceof J.MethodInvocation && FILES_NEW_OUTPUT_STREAM.matches((J.MethodInvocation) value);
    }

    /**
     * Why the running {@code total} may not take {@code transferTo}'s count at once, where the loop added it chunk
     * by chunk (a copy that fails half way leaves a different total); null when it may.
     */
    private static @Nullable String totalReason(J.Identifier total, Cursor loopCursor) {
        JavaType.Variable variable = total.getFieldType();
        if (variable == null || variable.getOwner() instanceof JavaType.FullyQualified) {
            return "the total is a field: if the copy fails half way it would hold a different count";
        }
        if (total.getType() != JavaType.Primitive.Long && total.getType() != JavaType.Primitive.Int) {
            return "the total is neither an int nor a long";
        }
        for (Cursor c = loopCursor.getParent(); c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.MethodDeclaration || value instanceof J.Lambda || value instanceof J.ClassDeclaration) {
                break;
            }
            if (value instanceof J.Try && (!((J.Try) value).getCatches().isEmpty() || ((J.Try) value).getFinally() != null)) {
                return "a catch or finally block may read the total, which would hold a different count if the copy fails half way";
            }
        }
        return null;
    }

    /** The block's statements with the loop replaced; {@code replacement[0]} is what replaced it. */
    private static List<Statement> rewrite(List<Statement> statements, int loopIndex, CopyLoop copy, Cursor loopCursor,
                                           CopyLoopRemovals removals, Statement[] replacement, ExecutionContext ctx) {
        J.MethodInvocation transfer = Templates.builder("#{any(java.io.InputStream)}.transferTo(#{any(java.io.OutputStream)})", ctx).build()
                .apply(loopCursor, copy.loop.getCoordinates().replace(), copy.in, copy.out);
        List<Statement> rewritten = new ArrayList<>(statements.size());
        for (int i = 0; i < statements.size(); i++) {
            if (i == removals.buffer || i == removals.count) {
                continue;
            }
            if (i == loopIndex) {
                replacement[0] = transfer;
                if (copy.total != null) {
                    J.VariableDeclarations declaration = zeroDeclarationBefore(rewritten, copy.total);
                    if (declaration != null) {
                        replacement[0] = declaration.withVariables(Collections.singletonList(
                                declaration.getVariables().get(0).withInitializer(transfer.withPrefix(Space.SINGLE_SPACE))));
                        rewritten.set(rewritten.size() - 1, replacement[0]);
                        continue;
                    }
                    replacement[0] = new J.AssignmentOperation(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
                            copy.total.withPrefix(Space.EMPTY),
                            JLeftPadded.build(J.AssignmentOperation.Type.Addition).withBefore(Space.SINGLE_SPACE),
                            transfer.withPrefix(Space.SINGLE_SPACE), copy.total.getType());
                }
                replacement[0] = replacement[0].withPrefix(copy.loop.getPrefix());
                rewritten.add(replacement[0]);
                continue;
            }
            rewritten.add(statements.get(i));
        }
        return rewritten;
    }

    /** {@code long total = 0;} as the last statement so far: the total can start at the copy's count instead. */
    private static J.@Nullable VariableDeclarations zeroDeclarationBefore(List<Statement> statements, J.Identifier total) {
        if (statements.isEmpty() || !(statements.get(statements.size() - 1) instanceof J.VariableDeclarations)) {
            return null;
        }
        J.VariableDeclarations declaration = (J.VariableDeclarations) statements.get(statements.size() - 1);
        if (declaration.getVariables().size() != 1 || declaration.getType() != JavaType.Primitive.Long) {
            return null;
        }
        J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
        Expression initializer = variable.getInitializer() == null ? null : ExpressionShapes.unwrap(variable.getInitializer());
        boolean zero = initializer instanceof J.Literal && ((J.Literal) initializer).getValue() instanceof Number &&
                       ((Number) ((J.Literal) initializer).getValue()).longValue() == 0;
        return zero && variable.getSimpleName().equals(total.getSimpleName()) ? declaration : null;
    }
}
