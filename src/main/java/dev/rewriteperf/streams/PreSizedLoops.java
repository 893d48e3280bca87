package dev.rewriteperf.streams;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.rewriteperf.profile.ProfileGuidedComposite;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Option;
import org.openrewrite.Recipe;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The streams family: build arrays and lists from streams with pre-sized loops. */
public class PreSizedLoops extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public PreSizedLoops() {
        this(null, null, null);
    }

    public PreSizedLoops(@Nullable String hotMethods, @Nullable Double minimumShare) {
        this(hotMethods, minimumShare, null);
    }

    @JsonCreator
    public PreSizedLoops(@JsonProperty("hotMethods") @Nullable String hotMethods,
                         @JsonProperty("minimumShare") @Nullable Double minimumShare,
                         @JsonProperty("includeColdCode") @Nullable Boolean includeColdCode) {
        this.hotMethods = hotMethods;
        this.minimumShare = minimumShare;
        this.includeColdCode = includeColdCode;
    }

    @Override
    public @Nullable String getHotMethods() {
        return hotMethods;
    }

    @Override
    public @Nullable Double getMinimumShare() {
        return minimumShare;
    }

    @Override
    public @Nullable Boolean getIncludeColdCode() {
        return includeColdCode;
    }

    @Override
    public String getDisplayName() {
        return "Build arrays and lists from streams with pre-sized loops";
    }

    @Override
    public String getDescription() {
        return "Turns stream pipelines that build an array or a list from a sized source into one exactly sized " +
               "array or `ArrayList` filled by a plain loop, with the same elements in the same order.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "streams"));
    }

    /** The family's recipes, in order, each gated by the composite that runs it; the umbrella runs them too. */
    public static List<Recipe> family() {
        return Arrays.asList(
                new PreSizeFlatMapToArray(),
                new PreSizeKeysThenValuesArray(),
                new PreSizeKeyAndValueListsArray(),
                new PreSizeMapToArray(),
                new PreSizeMapToList(),
                new PreSizeMapToSet());
    }

    @Override
    protected List<Recipe> recipes() {
        return family();
    }
}
