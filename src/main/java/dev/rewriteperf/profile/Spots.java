package dev.rewriteperf.profile;

import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.SourceFile;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;

import java.util.Collections;
import java.util.List;

/**
 * The handle a recipe asks "may I rewrite this spot?", and tells what it did with each spot it examined: rewritten, or
 * left alone with the reason. The answer is the gate's (the profile, or the cold-code rule without one); every spot
 * becomes one row of the data table, with its method's figures in a profile-guided run. A recipe makes one with itself;
 * the composite that runs it gates it ({@link #gateWith}), so any recipe that offers its handle can be gated.
 */
public final class Spots {

    private static final int MAX_CODE_LENGTH = 240;
    /** Between a cold context and the reason the recipe could not have rewritten the spot anyway. */
    public static final String ANYWAY = "; left alone anyway: ";

    private final PerformanceCandidates table;
    private final SourceLines lines = new SourceLines();
    private volatile ProfileGate gate = ProfileGate.NONE;

    public Spots(Recipe recipe) {
        this.table = new PerformanceCandidates(recipe);
    }

    /** {@code recipe}, whose spots are asked of {@code gate} from now on (a composite's profile, a test's). */
    public static <R extends GatedRecipe> R gated(R recipe, ProfileGate gate) {
        recipe.spots().gate = gate;
        return recipe;
    }

    /** Whether a profile was given: a recipe that pays off only on hot paths rewrites nothing without one. */
    public boolean profileGuided() {
        return gate.isActive();
    }

    /**
     * Whether the spot may be rewritten: the gate's answer, asked after every other check, just before the rewrite.
     * A spot the gate keeps (cold code, a cold method) is recorded as left alone, with the gate's reason.
     */
    public boolean mayRewrite(ExecutionContext ctx, Cursor cursor, J spot) {
        return mayRewrite(ctx, cursor, spot, Collections.<Cursor>emptyList());
    }

    /** Records {@code reason} when there is one (false); else the gate's answer, as {@link #mayRewrite(ExecutionContext, Cursor, J)}. */
    public boolean mayRewrite(ExecutionContext ctx, Cursor cursor, J spot, @Nullable String reason) {
        if (reason != null) {
            leftAlone(ctx, cursor, spot, reason);
            return false;
        }
        return mayRewrite(ctx, cursor, spot);
    }

    /** The same for a change whose effect is where {@code uses} are: it may be rewritten when any use is hot. */
    public boolean mayRewrite(ExecutionContext ctx, Cursor cursor, J spot, List<Cursor> uses) {
        String reason = gate.reasonToLeaveAlone(cursor, uses);
        if (reason == null) {
            return true;
        }
        insert(ctx, cursor, spot, false, "", reason, uses);
        return false;
    }

    public void rewritten(ExecutionContext ctx, Cursor cursor, J before, J after) {
        rewritten(ctx, cursor, before, after, Collections.<Cursor>emptyList());
    }

    /** A change whose effect is where {@code uses} are: the row carries the figures of the hottest. */
    public void rewritten(ExecutionContext ctx, Cursor cursor, J before, J after, List<Cursor> uses) {
        insert(ctx, cursor, before, true, code(after, cursor), "", uses);
    }

    /**
     * A spot rewritten as several statements, each ending with a semicolon, in place of the one around it: the row's
     * replacement is all of them.
     */
    public void rewritten(ExecutionContext ctx, Cursor cursor, J before, List<? extends J> after) {
        StringBuilder code = new StringBuilder();
        for (J statement : after) {
            code.append(code.length() == 0 ? "" : " ").append(code(statement, cursor)).append(';');
        }
        insert(ctx, cursor, before, true, shortened(code.toString()), "", Collections.<Cursor>emptyList());
    }

    public void leftAlone(ExecutionContext ctx, Cursor cursor, J spot, String reason) {
        leftAlone(ctx, cursor, spot, reason, Collections.<Cursor>emptyList());
    }

    /**
     * A spot the recipe cannot rewrite, for {@code reason}. In cold code (a run without a profile that leaves it alone),
     * the row names the cold context first, {@value #ANYWAY} the recipe's own reason: the report folds it with the
     * cold spots, which are not worth a reviewer's look, and the counts can still tell it from a spot only the cold-code
     * rule kept.
     */
    public void leftAlone(ExecutionContext ctx, Cursor cursor, J spot, String reason, List<Cursor> uses) {
        String cold = gate.coldCodeReason(cursor, uses);
        insert(ctx, cursor, spot, false, "", cold == null ? reason : cold + ANYWAY + reason, uses);
    }

    private void insert(ExecutionContext ctx, Cursor cursor, J spot, boolean changed, String replacement, String reason,
                        List<Cursor> uses) {
        SourceFile sourceFile = cursor.firstEnclosing(SourceFile.class);
        Recipe recipe = table.getRecipe();
        MethodHeat heat = gate.heat(cursor, uses);
        String release = ReleasePromises.assumedAt(cursor);
        MethodKey method = EnclosingMethod.of(cursor);
        table.insertRow(ctx, new PerformanceCandidates.Row(
                sourceFile == null ? "" : sourceFile.getSourcePath().toString(),
                lines.lineOf(cursor, spot, sourceFile == null ? null : gate.asFound(sourceFile)),
                location(cursor),
                recipe == null ? "" : recipe.getName(),
                code(spot, cursor),
                changed,
                replacement,
                reason,
                heat == null ? null : heat.getSampledBytes(),
                heat == null ? null : heat.getShare(),
                heat == null ? null : heat.getCpuShare(),
                release == null ? "" : release,
                method == null ? "" : method.toString()));
    }

    /** {@code Outer.Inner#method}, or the class alone for field initialisers and initializer blocks. */
    public static String location(Cursor cursor) {
        StringBuilder where = new StringBuilder();
        J.MethodDeclaration method = cursor.firstEnclosing(J.MethodDeclaration.class);
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.ClassDeclaration) {
                where.insert(0, where.length() == 0 ? "" : ".")
                        .insert(0, ((J.ClassDeclaration) value).getSimpleName());
            }
        }
        if (method != null) {
            where.append('#').append(method.getSimpleName());
        }
        return where.toString();
    }

    /** The code on one line, cut at {@value #MAX_CODE_LENGTH} characters. */
    private static String code(J tree, Cursor cursor) {
        return shortened(tree.withPrefix(Space.EMPTY).printTrimmed(cursor.getParentOrThrow()).replaceAll("\\s+", " "));
    }

    /** {@code code}, cut to {@link #MAX_CODE_LENGTH} characters with an ellipsis where it is longer. */
    private static String shortened(String code) {
        return code.length() <= MAX_CODE_LENGTH ? code : code.substring(0, MAX_CODE_LENGTH - 1) + "…";
    }
}
