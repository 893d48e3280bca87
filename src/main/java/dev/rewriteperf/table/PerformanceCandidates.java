package dev.rewriteperf.table;

import com.fasterxml.jackson.annotation.JsonIgnoreType;
import org.openrewrite.Column;
import org.openrewrite.Cursor;
import org.openrewrite.DataTable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.SourceFile;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;

/**
 * The pack's one data table: every spot a recipe looked at, changed or not, and why not.
 * All recipes share this class, so an export writes one CSV that dry-run reports are built from.
 */
@JsonIgnoreType
public class PerformanceCandidates extends DataTable<PerformanceCandidates.Row> {

    private static final int MAX_CODE_LENGTH = 240;

    public PerformanceCandidates(Recipe recipe) {
        super(recipe,
                "Performance candidates",
                "Every spot a `rewrite-performance` recipe examined, whether it was rewritten, what it became, " +
                "and the reason when it was left alone.");
    }

    public void recordChange(ExecutionContext ctx, Cursor cursor, J before, J after) {
        insert(ctx, cursor, before, true, print(after, cursor), "");
    }

    public void recordSkip(ExecutionContext ctx, Cursor cursor, J candidate, String reason) {
        insert(ctx, cursor, candidate, false, "", reason);
    }

    private void insert(ExecutionContext ctx, Cursor cursor, J candidate, boolean changed,
                        String replacement, String reason) {
        SourceFile sourceFile = cursor.firstEnclosing(SourceFile.class);
        Recipe recipe = getRecipe();
        insertRow(ctx, new Row(
                sourceFile == null ? "" : sourceFile.getSourcePath().toString(),
                location(cursor),
                recipe == null ? "" : recipe.getName(),
                print(candidate, cursor),
                changed,
                replacement,
                reason));
    }

    /**
     * {@code Outer.Inner#method}, or the class alone for field initialisers and initializer blocks.
     * Cheaper than a line number, which would need the file printed once per row.
     */
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

        public Row(String sourcePath, String location, String recipe, String candidate, boolean changed,
                   String replacement, String reason) {
            this.sourcePath = sourcePath;
            this.location = location;
            this.recipe = recipe;
            this.candidate = candidate;
            this.changed = changed;
            this.replacement = replacement;
            this.reason = reason;
        }

        public String getSourcePath() {
            return sourcePath;
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

        @Override
        public String toString() {
            return (changed ? "changed " : "skipped ") + location + ": " + candidate +
                   (changed ? " -> " + replacement : " (" + reason + ")");
        }

    }
}
