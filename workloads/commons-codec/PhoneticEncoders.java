package workloads.codec;

import org.apache.commons.codec.language.Caverphone2;
import org.apache.commons.codec.language.MatchRatingApproachEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * What a record-linkage job does with commons-codec's phonetic encoders: each surname of a batch encoded, as a
 * matcher keys people by sound. Only the public API; the names are common English surnames.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PhoneticEncoders {

    private static final String[] SURNAMES = {"Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis",
        "Wilson", "Anderson", "Thompson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Thompson",
        "White", "Harris", "Clark", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott",
        "Hill", "Green", "Adams", "Baker", "Nelson", "Carter", "Mitchell", "Roberts", "Turner", "Phillips",
        "Campbell", "Parker", "Evans", "Edwards", "Collins", "Stewart", "Morris", "Rogers", "Cook", "Morgan",
        "Bell", "Murphy", "Bailey", "Cooper", "Richardson", "Cox", "Howard", "Ward", "Peterson", "Gray", "Hughes",
        "Price", "Bennett", "Wood", "Barnes", "Ross", "Henderson", "Coleman", "Jenkins", "Perry", "Powell", "Long"};

    private final Caverphone2 caverphone = new Caverphone2();
    private final MatchRatingApproachEncoder matchRating = new MatchRatingApproachEncoder();

    @Benchmark
    public void caverphone2(Blackhole sink) {
        for (String surname : SURNAMES) {
            sink.consume(caverphone.encode(surname));
        }
    }

    @Benchmark
    public void matchRating(Blackhole sink) {
        for (String surname : SURNAMES) {
            sink.consume(matchRating.encode(surname));
        }
    }
}
