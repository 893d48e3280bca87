package dev.rewriteperf.table;

import com.fasterxml.jackson.annotation.JsonIgnoreType;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Column;
import org.openrewrite.DataTable;
import org.openrewrite.Recipe;

/**
 * The pack's one data table: every spot a recipe looked at, rewritten or left alone, and the reason it was left alone.
 * All recipes share this class, so an export writes one CSV that dry-run reports are built from. It holds rows only:
 * whether a spot may be rewritten, and what its row says, is {@code profile.Spots}'s to decide.
 */
@JsonIgnoreType
public class PerformanceCandidates extends DataTable<PerformanceCandidates.Row> {

    public PerformanceCandidates(Recipe recipe) {
        super(recipe,
                "Performance candidates",
                "Every spot a `rewrite-performance` recipe examined, whether it was rewritten, what it became, " +
                "and the reason when it was left alone.");
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

        @Column(displayName = "Method",
                description = "The method the spot runs in, as a recording names it: top-level class, JVM name and " +
                              "descriptor (`com.example.Orders#total(Ljava/util/List;)I`), ` overloaded` after it " +
                              "when the class has others of that name. The report tool joins a profile on it.")
        private final String method;

        public Row(String sourcePath, int line, String location, String recipe, String candidate, boolean changed,
                   String replacement, String reason, @Nullable Long sampledBytes, @Nullable Double share,
                   @Nullable Double cpuShare, String release, String method) {
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
            this.method = method;
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

        public String getMethod() {
            return method;
        }

        @Override
        public String toString() {
            return (changed ? "changed " : "left alone ") + location + " (line " + line + "): " + candidate +
                   (changed ? " -> " + replacement : " (" + reason + ")");
        }

    }
}
