package dev.rewriteperf.caches;

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

/** The caches family: keep per-class caches in `ClassValue`. */
public class ClassValueCaches extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public ClassValueCaches() {
        this(null, null, null);
    }

    public ClassValueCaches(@Nullable String hotMethods, @Nullable Double minimumShare) {
        this(hotMethods, minimumShare, null);
    }

    @JsonCreator
    public ClassValueCaches(@JsonProperty("hotMethods") @Nullable String hotMethods,
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
        return "Keep per-class caches in `ClassValue`";
    }

    @Override
    public String getDescription() {
        return "Replaces `private static final` maps keyed by `Class` that are only filled through `computeIfAbsent` " +
                 "with a `ClassValue`, whose lookups are faster and which no longer keeps the cached classes and their " +
                 "class loaders alive (the first `ClassValue` on a class does retain more memory than a map entry; see " +
                 "the recipe). Class-keyed maps and Guava caches it cannot convert safely are listed, with the use " +
                 "that blocks them, in the `Performance candidates` data table. With `hotMethods` (a JFR hot-methods " +
                 "table) only hot methods are rewritten.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "caching"));
    }

    /** The family's recipes, in order, each asking {@code gate} before it rewrites; the umbrella runs them too. */
    public static List<Recipe> family(ProfileGate gate) {
        return Arrays.asList(
                new UseClassValueForClassKeyedCache(gate));
    }

    @Override
    protected List<Recipe> recipes(ProfileGate gate) {
        return family(gate);
    }
}
