package dev.rewriteperf.hotpaths;

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
        return "Idioms that allocate on every call for no reason the code needs, as large projects' own performance " +
               "fixes found them: `Objects.hash(..)`'s varargs array and boxes become the hash written out; a " +
               "`String.format` that only puts values between text becomes the concatenation it prints; a substring " +
               "only appended or parsed is passed as a range; a constant regex is compiled once; an unconfigured " +
               "Jackson `ObjectMapper` is shared; and, with a profile, hot loops over an enum's `values()` read one " +
               "array. Spots it cannot prove equal are listed, with the reason, in the `Performance candidates` " +
               "data table. With `hotMethods` (a JFR hot-methods table) only hot methods are rewritten.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "allocation"));
    }

    /** The family's recipes, in order, each asking {@code gate} before it rewrites; the umbrella runs them too. */
    public static List<Recipe> family(ProfileGate gate) {
        return Arrays.asList(
                new InlineObjectsHash(gate),
                new ReplaceStringFormatWithConcatenation(gate),
                new ReplaceSubstringWithRange(gate),
                new PrecompileConstantRegex(gate),
                new ShareUnconfiguredObjectMapper(gate),
                new ReuseEnumValuesArray(gate));
    }

    @Override
    protected List<Recipe> recipes(ProfileGate gate) {
        return family(gate);
    }
}
