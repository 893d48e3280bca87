package dev.rewriteperf;

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

/** The umbrella's recipes, test code included: built from the same family lists, so the two cannot drift apart. */
public class PerformanceBestPracticesIncludingTests extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public PerformanceBestPracticesIncludingTests() {
        this(null, null, null);
    }

    @JsonCreator
    public PerformanceBestPracticesIncludingTests(@JsonProperty("hotMethods") @Nullable String hotMethods,
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
        return "Performance best practices, test code included";
    }

    @Override
    public String getDescription() {
        return "The same recipes as `dev.rewriteperf.PerformanceBestPractices`, also applied to test sources, which the " +
               "umbrella and the family composites leave alone: a performance change to a test fixture or an assertion " +
               "is rarely worth a reviewer's time, so this is opt-in.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance"));
    }

    @Override
    protected boolean mainCodeOnly() {
        return false;
    }

    @Override
    protected List<Recipe> recipes() {
        return PerformanceBestPractices.everyFamily();
    }
}
