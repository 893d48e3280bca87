package dev.rewriteperf.table;

import com.fasterxml.jackson.annotation.JsonIgnoreType;
import dev.rewriteperf.analysis.ReleasePromises;
import dev.rewriteperf.profile.MethodHeat;
import dev.rewriteperf.profile.ProfileGate;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Column;
import org.openrewrite.Cursor;
import org.openrewrite.DataTable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.SourceFile;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;

import java.util.Collections;
import java.util.List;

/**
 * The pack's one data table: every spot a recipe looked at, changed or not, and why not.
 * All recipes share this class, so an export writes one CSV that dry-run reports are built from.
 */
@JsonIgnoreType
public class PerformanceCandidates extends DataTable<PerformanceCandidates.Row> {

    private static final int MAX_CODE_LENGTH = 240;

    private final transient ProfileGate gate;
    private final transient SourceLines lines = new SourceLines();

    public PerformanceCandidates(Recipe recipe) {
        this(recipe, ProfileGate.NONE);
    }

    /** The table of a recipe in a profile-guided run: rows carry their method's figures, cold spots are kept. */
    public PerformanceCandidates(Recipe recipe, ProfileGate gate) {
        super(recipe,
                "Performance candidates",
                "Every spot a `rewrite-performance` recipe examined, whether it was rewritten, what it became, " +
                "and the reason when it was left alone.");
        this.gate = gate;
    }

    /**
     * Whether the spot may be rewritten under the run's profile. A spot in a cold method is recorded as left
     * alone, with its figures; call this after every other check, just before the rewrite.
     */
    public boolean mayChange(ExecutionContext ctx, Cursor cursor, J candidate) {
        return mayChange(ctx, cursor, candidate, Collections.<Cursor>emptyList());
    }

    /** Records {@code refusal} when there is one (false); else whether the profile lets the spot be rewritten. */
    public boolean mayChange(ExecutionContext ctx, Cursor cursor, J candidate, @Nullable String refusal) {
        if (refusal != null) {
            recordSkip(ctx, cursor, candidate, refusal);
            return false;
        }
        return mayChange(ctx, cursor, candidate);
    }

    /** The same for a change whose effect is where {@code uses} are: it may change when any use is in a hot method. */
    public boolean mayChange(ExecutionContext ctx, Cursor cursor, J candidate, List<Cursor> uses) {
        String cold = gate.coldReason(cursor, uses);
        if (cold == null) {
            return true;
        }
        recordSkip(ctx, cursor, candidate, cold, uses);
        return false;
    }

    public void recordChange(ExecutionContext ctx, Cursor cursor, J before, J after) {
        recordChange(ctx, cursor, before, after, Collections.<Cursor>emptyList());
    }

    /** A change whose effect is where {@code uses} are: the row carries the figures of the hottest. */
    public void recordChange(ExecutionContext ctx, Cursor cursor, J before, J after, List<Cursor> uses) {
        insert(ctx, cursor, before, true, print(after, cursor), "", uses);
    }

    public void recordSkip(ExecutionContext ctx, Cursor cursor, J candidate, String reason) {
        recordSkip(ctx, cursor, candidate, reason, Collections.<Cursor>emptyList());
    }

    public void recordSkip(ExecutionContext ctx, Cursor cursor, J candidate, String reason, List<Cursor> uses) {
        insert(ctx, cursor, candidate, false, "", reason, uses);
    }

    private void insert(ExecutionContext ctx, Cursor cursor, J candidate, boolean changed,
                        String replacement, String reason, List<Cursor> uses) {
        SourceFile sourceFile = cursor.firstEnclosing(SourceFile.class);
        Recipe recipe = getRecipe();
        MethodHeat heat = gate.heat(cursor, uses);
        insertRow(ctx, new Row(
                sourceFile == null ? "" : sourceFile.getSourcePath().toString(),
                lines.lineOf(cursor, candidate),
                location(cursor),
                recipe == null ? "" : recipe.getName(),
                print(candidate, cursor),
                changed,
                replacement,
                reason,
                heat == null ? null : heat.getSampledBytes(),
                heat == null ? null : heat.getShare(),
                heat == null ? null : heat.getCpuShare(),
                assumedRelease(cursor)));
    }

    private static String assumedRelease(Cursor cursor) {
        String release = ReleasePromises.assumedAt(cursor);
        return release == null ? "" : release;
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

    private static String print(J tree, Cursor cursor) {
        String code = tree.withPrefix(Space.EMPTY).printTrimmed(cursor.getParentOrThrow()).replaceAll("\\s+", " ");
        return code.length() <= MAX_CODE_LENGTH ? code : code.substring(0, MAX_CODE_LENGTH - 1) + "…";
    }

    public static class Row {
        @Column(displayName = "Source path",
                description = "The path of the source file, relative to the repository root.")
        private final String sourcePath;

        @Column(displayName = "Line",
                description = "The line the spot starts on, 1-based, in the file as the recipe saw it (0 when unknown).")
        private final int line;

        @Column(displayName = "Location",
                description = "The enclosing class and method, as `Outer.Inner#method`.")
        private final String location;

        @Column(displayName = "Recipe",
                description = "The recipe that examined the spot.")
        private final String recipe;

        @Column(displayName = "Candidate",
                description = "The code the recipe looked at, on one line.")
        private final String candidate;

        @Column(displayName = "Changed",
                description = "Whether the recipe rewrote the spot.")
        private final boolean changed;

        @Column(displayName = "Replacement",
                description = "What the spot became, on one line. Empty when it was left alone.")
        private final String replacement;

        @Column(displayName = "Reason",
                description = "Why the spot was left alone. Empty when it was rewritten.")
        private final String reason;

        @Column(displayName = "Sampled bytes",
                description = "In a profile-guided run, the bytes the recording's allocation samples charge to the " +
                              "spot's method (what JDK code allocates on its behalf included). Empty otherwise.")
        private final @Nullable Long sampledBytes;

        @Column(displayName = "Share",
                description = "In a profile-guided run, the method's share of all sampled allocation, 0 to 1.")
        private final @Nullable Double share;

        @Column(displayName = "CPU share",
                description = "In a profile-guided run, the method's share of the recording's CPU samples, 0 to 1.")
        private final @Nullable Double cpuShare;

        @Column(displayName = "Release",
                description = "The Java release the recipe assumed for the spot's file, and why: the lowest its module's " +
                              "default build promises (`Java 8: the default build's target is 1.8`). Empty when the " +
                              "recipe needed none.")
        private final String release;

        public Row(String sourcePath, int line, String location, String recipe, String candidate, boolean changed,
                   String replacement, String reason, @Nullable Long sampledBytes, @Nullable Double share,
                   @Nullable Double cpuShare, String release) {
            this.sourcePath = sourcePath;
            this.line = line;
            this.location = location;
            this.recipe = recipe;
            this.candidate = candidate;
            this.changed = changed;
            this.replacement = replacement;
            this.reason = reason;
            this.sampledBytes = sampledBytes;
            this.share = share;
            this.cpuShare = cpuShare;
            this.release = release;
        }

        public String getSourcePath() {
            return sourcePath;
        }

        public int getLine() {
            return line;
        }

        public String getLocation() {
            return location;
        }

        public String getRecipe() {
            return recipe;
        }

        public String getCandidate() {
            return candidate;
        }

        public boolean isChanged() {
            return changed;
        }

        public String getReplacement() {
            return replacement;
        }

        public String getReason() {
            return reason;
        }

        public @Nullable Long getSampledBytes() {
            return sampledBytes;
        }

        public @Nullable Double getShare() {
            return share;
        }

        public @Nullable Double getCpuShare() {
            return cpuShare;
        }

        public String getRelease() {
            return release;
        }

        @Override
        public String toString() {
            return (changed ? "changed " : "skipped ") + location + " (line " + line + "): " + candidate +
                   (changed ? " -> " + replacement : " (" + reason + ")");
        }

    }
}
