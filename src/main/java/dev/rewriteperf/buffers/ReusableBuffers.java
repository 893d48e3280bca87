package dev.rewriteperf.buffers;

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

/** The buffers family: reuse buffers instead of allocating them per call. */
public class ReusableBuffers extends ProfileGuidedComposite {

    @Option(displayName = HOT_METHODS_NAME, description = HOT_METHODS_DESCRIPTION, example = "hot-methods.csv", required = false)
    private final @Nullable String hotMethods;

    @Option(displayName = MINIMUM_SHARE_NAME, description = MINIMUM_SHARE_DESCRIPTION, example = "0.01", required = false)
    private final @Nullable Double minimumShare;

    @Option(displayName = INCLUDE_COLD_CODE_NAME, description = INCLUDE_COLD_CODE_DESCRIPTION, example = "true", required = false)
    private final @Nullable Boolean includeColdCode;

    public ReusableBuffers() {
        this(null, null, null);
    }

    public ReusableBuffers(@Nullable String hotMethods, @Nullable Double minimumShare) {
        this(hotMethods, minimumShare, null);
    }

    @JsonCreator
    public ReusableBuffers(@JsonProperty("hotMethods") @Nullable String hotMethods,
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
        return "Reuse buffers instead of allocating them per call";
    }

    @Override
    public String getDescription() {
        return "Stops allocating buffers again and again: RocksDB values read into a reused buffer, read buffers " +
               "allocated once before their loop, and hand-written copy loops replaced by `transferTo` (Java 9+).";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "io", "RocksDB"));
    }

    /** The family's recipes, in order, each gated by the composite that runs it; the umbrella runs them too. */
    public static List<Recipe> family() {
        return Arrays.asList(
                new ReadRocksDbValuesIntoReusedBuffer(),
                new HoistReadBufferOutOfLoop(),
                new UseTransferToForCopyLoops());
    }

    @Override
    protected List<Recipe> recipes() {
        return family();
    }
}
