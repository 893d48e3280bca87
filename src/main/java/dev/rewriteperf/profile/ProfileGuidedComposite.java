package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Recipe;
import org.openrewrite.Validated;
import org.openrewrite.config.DeclarativeRecipe;
import org.openrewrite.java.search.IsLikelyNotTest;

import java.net.URI;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * A composite of the pack (the umbrella or a family) that takes a JFR hot-methods table: with one, its recipes
 * rewrite only the methods at or above the minimum share, and every data-table row carries its method's figures.
 * Main code only, as the pack's YAML composites: its recipes run under {@code IsLikelyNotTest}, checked once per
 * file for all of them. Options are declared by each subclass, where OpenRewrite's {@code discover} looks for them.
 */
public abstract class ProfileGuidedComposite extends Recipe {

    public static final String HOT_METHODS_NAME = "Hot methods";
    public static final String HOT_METHODS_DESCRIPTION = "The hot-methods CSV that `report profile` writes from a Java " +
            "Flight Recorder recording of the service (a relative path is read from the directory Maven runs in). " +
            "With it, only methods at or above `minimumShare` of the sampled allocation or CPU time are rewritten; " +
            "the others are listed as cold, and every row of the data table carries its method's figures.";
    public static final String MINIMUM_SHARE_NAME = "Minimum share";
    public static final String MINIMUM_SHARE_DESCRIPTION = "With `hotMethods`: the share of the recording's " +
            "sampled allocation or CPU samples a method needs to be rewritten, from 0 to 1. Default 0.01 (1 %).";

    public static final String INCLUDE_COLD_CODE_NAME = "Include cold code";
    public static final String INCLUDE_COLD_CODE_DESCRIPTION = "Also rewrite spots in code that runs once, only " +
            "when something fails, or only to print (building a thrown exception, a path that can only end in a throw, " +
            "catch blocks, asserts, debug logging, initialisers, `main`, `toString()`, a once-per-key cache's computation), " +
            "which are otherwise left alone and listed with a `cold:` reason. Default false. With `hotMethods` the " +
            "recording decides for whole methods, and this option only adds a hot method's cold paths (failures, " +
            "assertions, debug logging).";

    private transient @Nullable ProfileGate gate;
    private transient @Nullable List<Recipe> recipeList;

    /** The {@code hotMethods} option. */
    public abstract @Nullable String getHotMethods();

    /** The {@code minimumShare} option. */
    public abstract @Nullable Double getMinimumShare();

    /** The {@code includeColdCode} option. */
    public abstract @Nullable Boolean getIncludeColdCode();

    /** The composite's recipes, in order; each one that offers its {@link Spots} is gated with the composite's options. */
    protected abstract List<Recipe> recipes();

    /**
     * Built once: a scanning recipe's accumulator is keyed by the recipe instance, so the list must stay the same
     * instances for the whole run.
     */
    @Override
    public final synchronized List<Recipe> getRecipeList() {
        if (recipeList == null) {
            ProfileGate gate = gate();
            List<Recipe> gated = recipes();
            for (Recipe recipe : gated) {
                if (recipe instanceof GatedRecipe) {
                    Spots.gated((GatedRecipe) recipe, gate);
                }
            }
            Recipe recipes = mainCodeOnly() ? mainCodeOnly(gated) : allCode(gated);
            ReadProjectForColdCode scan = gate.projectScan(mainCodeOnly());
            recipeList = scan != null ? Arrays.asList(scan, recipes) : Collections.singletonList(recipes);
        }
        return recipeList;
    }

    private synchronized ProfileGate gate() {
        if (gate == null) {
            gate = ProfileGate.of(getHotMethods(), getMinimumShare(), Boolean.TRUE.equals(getIncludeColdCode()));
        }
        return gate;
    }

    /** Whether the composite leaves test code alone, as the pack's composites do unless the user opts in to tests. */
    protected boolean mainCodeOnly() {
        return true;
    }

    /**
     * The recipes under one {@code IsLikelyNotTest} precondition, as a YAML composite would hold them: OpenRewrite
     * evaluates it once per file for all of them (a scanning recipe still scans test code).
     */
    private DeclarativeRecipe mainCodeOnly(List<Recipe> recipes) {
        DeclarativeRecipe mainCode = declarative(".MainCodeOnly", ", main code only",
                "The recipes of `" + getName() + "`, applied to main code only (`IsLikelyNotTest`).");
        mainCode.addPrecondition(new IsLikelyNotTest());
        recipes.forEach(mainCode::addUninitialized);
        mainCode.initialize(Collections.emptyList());
        return mainCode;
    }

    private DeclarativeRecipe allCode(List<Recipe> recipes) {
        DeclarativeRecipe allCode = declarative(".AllCode", ", test code included",
                "The recipes of `" + getName() + "`, applied to main and test code.");
        recipes.forEach(allCode::addUninitialized);
        allCode.initialize(Collections.emptyList());
        return allCode;
    }

    private DeclarativeRecipe declarative(String nameSuffix, String displayNameSuffix, String description) {
        return new DeclarativeRecipe(getName() + nameSuffix, getDisplayName() + displayNameSuffix, description,
                new LinkedHashSet<>(getTags()), null, URI.create("java:" + getClass().getName()), false,
                Collections.emptyList());
    }

    @Override
    public Validated<Object> validate() {
        return super.validate().and(gate().validate());
    }

    /** Options make a recipe a value: two composites of one kind with the same options are equal. */
    @Override
    public boolean equals(@Nullable Object o) {
        if (o == this) {
            return true;
        }
        if (o == null || o.getClass() != getClass()) {
            return false;
        }
        ProfileGuidedComposite other = (ProfileGuidedComposite) o;
        return Objects.equals(getHotMethods(), other.getHotMethods()) && Objects.equals(getMinimumShare(), other.getMinimumShare())
               && Objects.equals(getIncludeColdCode(), other.getIncludeColdCode());
    }

    @Override
    public int hashCode() {
        return Objects.hash(getClass(), getHotMethods(), getMinimumShare(), getIncludeColdCode());
    }
}
