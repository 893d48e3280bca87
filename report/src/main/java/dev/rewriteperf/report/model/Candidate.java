package dev.rewriteperf.report.model;

/**
 * One row of the pack's {@code PerformanceCandidates} data table, with the service it came from and, when a profile
 * is known (a profile-guided run's own columns, or {@code --profile}), what it sampled in the row's method. The line
 * is where the spot starts in the file the recipe saw (0 for a table written before the pack had that column).
 */
public record Candidate(String service, String sourcePath, int line, String location, String method, String recipe, String code,
                        boolean changed, String replacement, String reason, Heat heat) {

    /** The bytes a recording's allocation samples charge to a method, and its shares of allocation and CPU samples. */
    public record Heat(long sampledBytes, double share, double cpuShare) {

        public boolean sampled() {
            return sampledBytes > 0 || cpuShare > 0;
        }

        /** The larger of its allocation and CPU shares: how hot the method is. */
        public double peak() {
            return Math.max(share, cpuShare);
        }
    }

    /**
     * A spot left alone as cold code: in a method a recording found cold, or, without one, in code that runs once, only
     * when something fails or only to print (the pack's reasons start {@code cold:}). The report folds these away.
     */
    public boolean cold() {
        return !changed && reason.startsWith("cold:");
    }

    /** {@code buffers} for {@code dev.rewriteperf.buffers.UseTransferToForCopyLoops}. */
    public String family() {
        String[] parts = recipe.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] : "";
    }

    /** {@code UseTransferToForCopyLoops}: the name its benchmark is named after. */
    public String recipeSimpleName() {
        return recipe.substring(recipe.lastIndexOf('.') + 1);
    }

    public Candidate withHeat(Heat newHeat) {
        return new Candidate(service, sourcePath, line, location, method, recipe, code, changed, replacement, reason, newHeat);
    }
}
