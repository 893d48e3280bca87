package dev.rewriteperf.bytes;

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

/** The bytes family: read and write primitives in `byte[]` through `VarHandle` views. */
public class VarHandleByteAccess extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public VarHandleByteAccess() {
        this(null, null, null);
    }

    public VarHandleByteAccess(@Nullable String hotMethods, @Nullable Double minimumShare) {
        this(hotMethods, minimumShare, null);
    }

    @JsonCreator
    public VarHandleByteAccess(@JsonProperty("hotMethods") @Nullable String hotMethods,
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
        return "Read and write primitives in `byte[]` through `VarHandle` views";
    }

    @Override
    public String getDescription() {
        return "Reads and writes shorts, ints and longs in a `byte[]` through `VarHandle` views instead of byte by " +
               "byte, as the JDK's own `java.io.Bits` does (Java 9+).";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "VarHandle"));
    }

    /** The family's recipes, in order, each gated by the composite that runs it; the umbrella runs them too. */
    public static List<Recipe> family() {
        return Arrays.asList(
                new UseVarHandleForByteReads(),
                new UseVarHandleForByteWrites());
    }

    @Override
    protected List<Recipe> recipes() {
        return family();
    }
}
