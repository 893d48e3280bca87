package dev.rewriteperf.collections;

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

/** The collections family: right-size hash maps, sets and lists. */
public class RightSizedCollections extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public RightSizedCollections() {
        this(null, null, null);
    }

    public RightSizedCollections(@Nullable String hotMethods, @Nullable Double minimumShare) {
        this(hotMethods, minimumShare, null);
    }

    @JsonCreator
    public RightSizedCollections(@JsonProperty("hotMethods") @Nullable String hotMethods,
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
        return "Right-size hash maps, sets and lists";
    }

    @Override
    public String getDescription() {
        return "Sizes hash maps, sets and lists for the elements they will hold, so they never resize while filled: " +
               "element counts passed as capacities, hand-written formulas and Guava's expected-size factories " +
               "become the Java 19 factories or an exact capacity. **Warning:** a different table size can change " +
               "iteration order.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "collections"));
    }

    /** The family's recipes, in order, each gated by the composite that runs it; the umbrella runs them too. */
    public static List<Recipe> family() {
        return Arrays.asList(
                new SizeHashCollectionsForElementCount(),
                new ReplaceCapacityFormulaWithFactory(),
                new ReplaceGuavaExpectedSizeWithJdkFactory(),
                new PreSizeCollectionFilledByLoop(),
                new UseCopyConstructorInsteadOfAddAll());
    }

    @Override
    protected List<Recipe> recipes() {
        return family();
    }
}
