package dev.rewriteperf;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.rewriteperf.buffers.ReusableBuffers;
import dev.rewriteperf.bytes.VarHandleByteAccess;
import dev.rewriteperf.caches.ClassValueCaches;
import dev.rewriteperf.collections.RightSizedCollections;
import dev.rewriteperf.hotpaths.HotPathIdioms;
import dev.rewriteperf.profile.ProfileGuidedComposite;
import dev.rewriteperf.streams.PreSizedLoops;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Option;
import org.openrewrite.Recipe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The umbrella: every recipe of the pack, main code only, optionally guided by a JFR profile. */
public class PerformanceBestPractices extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public PerformanceBestPractices() {
        this(null, null, null);
    }

    public PerformanceBestPractices(@Nullable String hotMethods, @Nullable Double minimumShare) {
        this(hotMethods, minimumShare, null);
    }

    @JsonCreator
    public PerformanceBestPractices(@JsonProperty("hotMethods") @Nullable String hotMethods,
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
        return "Performance best practices";
    }

    @Override
    public String getDescription() {
        return "Every `rewrite-performance` recipe, on main code: rewrites measured to allocate less or run faster, " +
               "only where the recipe can show behaviour is kept. Without `hotMethods`, cold code (building " +
               "exceptions, catch blocks, initialisers, `toString()`) is left alone unless `includeColdCode`.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance"));
    }

    @Override
    protected List<Recipe> recipes() {
        return everyFamily();
    }

    /** The recipes of the six family composites, in order: the umbrella's, and the opt-in composite's for test code. */
    static List<Recipe> everyFamily() {
        List<Recipe> recipes = new ArrayList<>();
        recipes.addAll(RightSizedCollections.family());
        recipes.addAll(ClassValueCaches.family());
        recipes.addAll(PreSizedLoops.family());
        recipes.addAll(VarHandleByteAccess.family());
        recipes.addAll(ReusableBuffers.family());
        recipes.addAll(HotPathIdioms.family());
        return recipes;
    }
}
