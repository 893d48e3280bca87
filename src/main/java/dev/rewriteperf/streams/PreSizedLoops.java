package dev.rewriteperf.streams;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.rewriteperf.profile.ProfileGate;
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
        return "Replaces stream pipelines that turn a collection, a map or an array into an array with a fixed " +
                 "number of elements per source element (`flatMap(e -> Stream.of(..))`, `map(e -> ..)`, a map's keys " +
                 "then its values, also when written by hand as two lists concatenated), or `map(e -> ..)` into a list " +
                 "with `Collectors.toList()`, by one array or `ArrayList` of exactly the right size, filled by a plain " +
                 "loop that evaluates the same expressions in the same order. Pipelines it cannot prove equivalent " +
                 "(filters, sorting, concurrent sources, elements that need a cast, ...) are listed, with the reason, " +
                 "in the `Performance candidates` data table. With `hotMethods` (a JFR hot-methods table) only hot " +
                 "methods are rewritten.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "streams"));
    }

    /** The family's recipes, in order, each asking {@code gate} before it rewrites; the umbrella runs them too. */
    public static List<Recipe> family(ProfileGate gate) {
        return Arrays.asList(
                new PreSizeFlatMapToArray(gate),
                new PreSizeKeysThenValuesArray(gate),
                new PreSizeKeyAndValueListsArray(gate),
                new PreSizeMapToArray(gate),
                new PreSizeMapToList(gate));
    }

    @Override
    protected List<Recipe> recipes(ProfileGate gate) {
        return family(gate);
    }
}
