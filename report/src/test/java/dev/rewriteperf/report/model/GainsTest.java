package dev.rewriteperf.report.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GainsTest {

    private static String result(String method, String size, double time, double bytes) {
        return """
                {"benchmark":"dev.rewriteperf.benchmarks.streams.presizemaptolist.PreSizeMapToListBenchmark.%s",
                 "params":{"size":"%s"},
                 "primaryMetric":{"score":%s,"scoreUnit":"ns/op","rawData":[[%s]]},
                 "secondaryMetrics":{"gc.alloc.rate.norm":{"score":%s}}}""".formatted(method, size, time, time, bytes);
    }

    @Test
    void theHeadlineIsTheLargestSizeOfTheNewestJdkNotTheBestRatio(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("PreSizeMapToList-jdk25.json"), "[" + String.join(",",
                result("before", "10", 500, 312), result("after", "10", 100, 80),
                result("before", "1000", 11000, 15277), result("after", "1000", 10000, 4040)) + "]");
        Files.writeString(dir.resolve("PreSizeMapToList-jdk17.json"), "[" + String.join(",",
                result("before", "5000", 900, 312), result("after", "5000", 100, 80)) + "]");
        List<String> problems = new ArrayList<>();

        Gains gains = Gains.read(dir, problems);

        assertThat(problems).isEmpty();
        assertThat(gains.of("dev.rewriteperf.streams.PreSizeMapToList")).hasSize(3);
        assertThat(gains.headlineText("dev.rewriteperf.streams.PreSizeMapToList"))
                .isEqualTo("15,277 → 4,040 B/op; time not resolved (single run) (size=1000, JDK 25)");
        assertThat(gains.headlineText("dev.rewriteperf.streams.PreSizeMapToArray")).isEmpty();
    }

}
