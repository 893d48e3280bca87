package dev.rewriteperf.buffers;

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
        return "Removes byte and char buffers that code allocates again and again only to shuttle data: RocksDB " +
                 "values that are only checked, measured and copied or decoded are read into a reused buffer instead " +
                 "of a new array per read, a read buffer allocated in every loop iteration is allocated once before " +
                 "the loop, and hand-written copy loops from file and byte-array streams become `transferTo` (Java 9), " +
                 "which those streams implement without a buffer. Spots it cannot prove equal (a buffer read beyond " +
                 "what was read into it or kept, a stream handed in by a caller, a buffer or count used after the " +
                 "loop, a total read after a failure) are listed, with the reason, in the `Performance candidates` " +
                 "data table. With `hotMethods` (a JFR hot-methods table) only hot methods are rewritten.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "io", "RocksDB"));
    }

    /** The family's recipes, in order, each asking {@code gate} before it rewrites; the umbrella runs them too. */
    public static List<Recipe> family(ProfileGate gate) {
        return Arrays.asList(
                new ReadRocksDbValuesIntoReusedBuffer(null, gate),
                new HoistReadBufferOutOfLoop(gate),
                new UseTransferToForCopyLoops(gate));
    }

    @Override
    protected List<Recipe> recipes(ProfileGate gate) {
        return family(gate);
    }
}
