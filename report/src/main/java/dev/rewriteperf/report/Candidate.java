package dev.rewriteperf.report;

/** One row of the pack's {@code PerformanceCandidates} data table, with the service it came from. */
public record Candidate(String service, String sourcePath, String location, String recipe, String code,
                        boolean changed, String replacement, String reason) {

    /** {@code buffers} for {@code dev.rewriteperf.buffers.UseTransferToForCopyLoops}. */
    public String family() {
        String[] parts = recipe.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] : "";
    }

    /** {@code UseTransferToForCopyLoops}: the name its benchmark is named after. */
    public String recipeSimpleName() {
        return recipe.substring(recipe.lastIndexOf('.') + 1);
    }
}
