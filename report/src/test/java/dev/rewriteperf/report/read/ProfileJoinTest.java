package dev.rewriteperf.report.read;

import dev.rewriteperf.profile.HotMethods;
import dev.rewriteperf.report.model.Candidate;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The report joins a spot to a recording by the pack's own rule: the method key the data table gives it. */
class ProfileJoinTest {

    private static final HotMethods RECORDED = new HotMethods.Builder()
            .add("com.example.Orders", "total", "(Ljava/util/List;)J", 4_000, 0.40, 0.10)
            .add("com.example.Orders", "total", "(I)J", 1_000, 0.10, 0.05)
            .add("com.example.Orders", "total", "", 500, 0.05, 0)
            .add("com.example.Prices", "round", "(D)D", 2_000, 0.20, 0.30)
            .build();

    @Test
    void anOverloadGetsItsOwnRowAndItsLambdas() {
        assertThat(heatOf("com.example.Orders#total(Ljava/util/List;)J overloaded"))
                .isEqualTo(new Candidate.Heat(4_500, 0.45, 0.10));
    }

    @Test
    void anOverloadTheRecordingNeverSampledIsNotHotBecauseASiblingIs() {
        // The name alone, as the report joined before, would have given it every overload's bytes.
        assertThat(heatOf("com.example.Orders#total(Ljava/lang/String;)J overloaded"))
                .isEqualTo(new Candidate.Heat(500, 0.05, 0));
    }

    @Test
    void aMethodWithoutOverloadsWhoseDescriptorIsUnknownGetsItsNamesRows() {
        assertThat(heatOf("com.example.Prices#round")).isEqualTo(new Candidate.Heat(2_000, 0.20, 0.30));
    }

    @Test
    void aClassOfTheSameSimpleNameInAnotherPackageIsNotTheRecordedOne() {
        assertThat(heatOf("org.other.Prices#round(D)D")).isEqualTo(new Candidate.Heat(0, 0, 0));
    }

    @Test
    void aRowWithoutAMethodKeyStaysUnranked() {
        assertThat(heatOf("")).isNull();
    }

    private static Candidate.Heat heatOf(String method) {
        Candidate candidate = new Candidate("orders", "src/main/java/com/example/Orders.java", 12, "Orders#total", method,
                "dev.rewriteperf.streams.PreSizeMapToList", "items.stream()", false, "", "", null);
        return ProfileJoin.heatOf(candidate, RECORDED);
    }
}
