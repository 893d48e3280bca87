package dev.rewriteperf.hotpaths;

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

/** The hot-paths family: idioms that allocate on every call, written so that they do not. */
public class HotPathIdioms extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public HotPathIdioms() {
        this(null, null, null);
    }

    public HotPathIdioms(@Nullable String hotMethods, @Nullable Double minimumShare) {
        this(hotMethods, minimumShare, null);
    }

    @JsonCreator
    public HotPathIdioms(@JsonProperty("hotMethods") @Nullable String hotMethods,
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
        return "Remove the allocations of common hot-path idioms";
    }

    @Override
    public String getDescription() {
        return "Removes per-call allocations of common idioms: `Objects.hash`'s varargs array, `String.format` with " +
               "only `%s`, `substring` copies appended or parsed, regexes compiled per call, unconfigured " +
               "`ObjectMapper`s, and, with a profile, `values()` copies.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "allocation"));
    }

    /** The family's recipes, in order, each gated by the composite that runs it; the umbrella runs them too. */
    public static List<Recipe> family() {
        return Arrays.asList(
                new InlineObjectsHash(),
                new ReplaceStringFormatWithConcatenation(),
                new ReplaceSubstringWithRange(),
                new PrecompileConstantRegex(),
                new ShareUnconfiguredObjectMapper(),
                new ReuseEnumValuesArray(),
                new IterateEntrySetInsteadOfKeySet());
    }

    @Override
    protected List<Recipe> recipes() {
        return family();
    }
}
