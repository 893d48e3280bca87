package dev.rewriteperf.profile;

/**
 * A recipe that asks its {@link Spots} before it rewrites a spot and records every spot there: a composite gates it
 * with its profile ({@link Spots#gated}), whatever options of its own the recipe has.
 */
public interface GatedRecipe {

    /** The recipe's handle, made once with the recipe. */
    Spots spots();
}
