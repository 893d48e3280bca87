package dev.rewriteperf;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.rewriteperf.buffers.ReusableBuffers;
import dev.rewriteperf.bytes.VarHandleByteAccess;
import dev.rewriteperf.caches.ClassValueCaches;
import dev.rewriteperf.collections.RightSizedCollections;
import dev.rewriteperf.hotpaths.HotPathIdioms;
import dev.rewriteperf.profile.ProfileGate;
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
        return "Every `rewrite-performance` recipe: rewrites that each make a measured difference in allocation or " +
                 "speed (see the pack's `benchmarks/`), applied only where the recipe can show the change keeps " +
                 "behaviour. Spots it examines but leaves alone are listed, with the reason, in the `Performance " +
                 "candidates` data table. Main code only: files in a test source set, or that use a test framework " +
                 "(JUnit, TestNG, AssertJ, Hamcrest, Mockito), are neither changed nor listed; " +
                 "`PerformanceBestPracticesIncludingTests` covers them too. The recipes are those of the six family " +
                 "composites (`RightSizedCollections`, `ClassValueCaches`, `PreSizedLoops`, `VarHandleByteAccess`, " +
                 "`ReusableBuffers`, `HotPathIdioms`), in the same order. With `hotMethods` (the CSV `report profile` writes from a " +
                 "Java Flight Recorder recording) only methods at or above `minimumShare` of the sampled allocation or " +
                 "CPU time are rewritten, and every data-table row carries its method's figures. Without it, spots in " +
                 "code that runs once, only when something fails, or only to print (building a thrown exception, catch " +
                 "blocks, initialisers, `main`, `toString()`) are left alone and listed with a `cold:` reason; " +
                 "`includeColdCode` rewrites them too.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance"));
    }

    @Override
    protected List<Recipe> recipes(ProfileGate gate) {
        List<Recipe> recipes = new ArrayList<>();
        recipes.addAll(RightSizedCollections.family(gate));
        recipes.addAll(ClassValueCaches.family(gate));
        recipes.addAll(PreSizedLoops.family(gate));
        recipes.addAll(VarHandleByteAccess.family(gate));
        recipes.addAll(ReusableBuffers.family(gate));
        recipes.addAll(HotPathIdioms.family(gate));
        return recipes;
    }
}
