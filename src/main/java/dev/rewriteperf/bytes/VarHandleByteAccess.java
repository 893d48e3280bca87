package dev.rewriteperf.bytes;

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
        return "Replaces values assembled by hand from the bytes of a `byte[]` (masked with `0xFF`, shifted and " +
                 "combined with `|` or `+`, big- or little-endian, 2, 4 or 8 bytes) with one read through a " +
                 "`MethodHandles.byteArrayViewVarHandle` field, as the JDK did in `java.io.Bits`, and runs of " +
                 "statements that store every byte of one value with one `set` through such a field. Needs Java 9. " +
                 "Code it cannot prove equal (a missing or repeated byte, a byte whose sign spills, an index with side " +
                 "effects, code that catches the out-of-bounds exception) is listed, with the reason, in the " +
                 "`Performance candidates` data table. With `hotMethods` (a JFR hot-methods table) only hot methods " +
                 "are rewritten.";
    }

    @Override
    public Set<String> getTags() {
        return new LinkedHashSet<>(Arrays.asList("performance", "VarHandle"));
    }

    /** The family's recipes, in order, each asking {@code gate} before it rewrites; the umbrella runs them too. */
    public static List<Recipe> family(ProfileGate gate) {
        return Arrays.asList(
                new UseVarHandleForByteReads(gate),
                new UseVarHandleForByteWrites(gate));
    }

    @Override
    protected List<Recipe> recipes(ProfileGate gate) {
        return family(gate);
    }
}
