package dev.rewriteperf.collections;

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
        return "Sizes `HashMap`, `HashSet`, `LinkedHashMap`, `LinkedHashSet`, `WeakHashMap` and `ArrayList` for the " +
                 "number of elements they will hold, so they never resize while being filled: element counts passed as " +
                 "a capacity, hand-written capacity formulas and the expected-size factories of Guava before 32.0 " +
                 "become the Java 19 factories (`HashMap.newHashMap(n)` and siblings) or, before Java 19, a capacity " +
                 "that holds `n` elements; collections filled by a loop over a sized source are created for its size, " +
                 "and sets filled by `addAll` use the copy constructor. Every spot examined, changed or not, is " +
                 "recorded in the " +
                 "`Performance candidates` data table. **Warning:** a different table size can change the iteration " +
                 "order of `HashMap` and `HashSet`, which tests sometimes wrongly depend on. With `hotMethods` (a JFR " +
                 "hot-methods table) only hot methods are rewritten.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "collections"));
    }

    /** The family's recipes, in order, each asking {@code gate} before it rewrites; the umbrella runs them too. */
    public static List<Recipe> family(ProfileGate gate) {
        return Arrays.asList(
                new SizeHashCollectionsForElementCount(gate),
                new ReplaceCapacityFormulaWithFactory(gate),
                new ReplaceGuavaExpectedSizeWithJdkFactory(gate),
                new PreSizeCollectionFilledByLoop(gate),
                new UseCopyConstructorInsteadOfAddAll(gate));
    }

    @Override
    protected List<Recipe> recipes(ProfileGate gate) {
        return family(gate);
    }
}
