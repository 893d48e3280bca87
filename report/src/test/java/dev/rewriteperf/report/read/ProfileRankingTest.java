package dev.rewriteperf.report.read;

import dev.rewriteperf.report.cli.Tool;
import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.profiled.Workload;
import jdk.jfr.Recording;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code report --profile}: a service's spots joined with a real recording of the code they are in, and ranked. */
class ProfileRankingTest {

    private static final String WORKLOAD = "src/main/java/dev/rewriteperf/report/profiled/Workload.java";

    @TempDir
    static Path dir;
    private static Path recording;
    private static Path service;

    @BeforeAll
    static void recordAndDryRun() throws IOException {
        recording = dir.resolve("workload.jfr");
        try (Recording r = new Recording()) {
            r.enable(AllocationProfile.SAMPLE).with("throttle", "100000/s").withStackTrace();
            r.start();
            int sink = 0;
            for (int i = 0; i < 20; i++) {
                sink += Workload.hot(50) + Workload.nested(600);
            }
            r.stop();
            r.dump(recording);
            assertThat(sink).isPositive();
        }
        service = dir.resolve("workload-service");
        Path table = service.resolve("target/rewrite/datatables/2026-11-23_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE);
        Files.createDirectories(table.getParent());
        Files.writeString(table, """
                sourcePath,location,recipe,candidate,changed,replacement,reason,method
                %1$s,Workload#cold,dev.rewriteperf.streams.PreSizeMapToList,cold(),true,loop,,%2$s#cold(I)I
                %1$s,Workload#hot,dev.rewriteperf.streams.PreSizeMapToList,hot(),true,loop,,%2$s#hot(I)I
                %1$s,Workload.Nested#helper,dev.rewriteperf.buffers.HoistReadBufferOutOfLoop,helper(),false,,the buffer escapes,%2$s#helper(I)I
                src/main/java/other/Workload.java,Workload#hot,dev.rewriteperf.streams.PreSizeMapToList,other(),false,,another class of that name,other.Workload#hot(I)I
                src/main/java/dev/rewriteperf/report/profiled/sub/Workload.java,Workload#hot,dev.rewriteperf.streams.PreSizeMapToList,sub(),false,,a subpackage's class,dev.rewriteperf.report.profiled.sub.Workload#hot(I)I
                %1$s,Workload#hot,dev.rewriteperf.streams.PreSizeMapToList,hotAgain(),false,,cold: below minimumShare 90.00 %%,%2$s#hot(I)I
                """.formatted(WORKLOAD, "dev.rewriteperf.report.profiled.Workload"), StandardCharsets.UTF_8);
    }

    @Test
    void eachSpotGetsItsMethodsFiguresByItsMethodKey() {
        ServiceResult joined = ProfileJoin.withProfile(DryRunReader.read("workload", service),
                AllocationProfile.read(recording, type -> type.startsWith("dev.rewriteperf.report.profiled")));

        assertThat(joined.candidates()).extracting(Candidate::code)
                .containsExactly("cold()", "hot()", "helper()", "other()", "sub()", "hotAgain()");
        Candidate.Heat cold = joined.candidates().get(0).heat();
        Candidate.Heat hot = joined.candidates().get(1).heat();
        Candidate.Heat helper = joined.candidates().get(2).heat();
        // Sampling weights vary from run to run: the ranking is asserted, not a share.
        assertThat(helper.sampledBytes()).isPositive().isLessThan(hot.sampledBytes());
        assertThat(hot.share()).isGreaterThan(helper.share());
        assertThat(cold.sampledBytes()).isZero();
        assertThat(joined.candidates().get(3).heat().sampledBytes()).as("other.Workload is not the recorded class").isZero();
        assertThat(joined.candidates().get(4).heat().sampledBytes()).as("nor is profiled.sub.Workload").isZero();
    }

    @Test
    void theReportRanksChangesAndHotSpotsLeftAloneByTheRecording(@TempDir Path out) throws IOException {
        assertThat(Tool.commandLine().execute("report", "--out", out.toString(), "--package", "dev.rewriteperf.report.profiled",
                "--profile", "workload=" + recording, "workload=" + service)).isZero();

        Document html = Jsoup.parse(out.resolve("report.html").toFile(), "UTF-8");
        assertThat(html.select("#hot-changes tbody tr").eachText()).singleElement()
                .satisfies(row -> assertThat(row).contains("Workload#hot", "PreSizeMapToList"));
        // hotAgain() is in the hottest method, but a profile-guided run left it alone as cold: not a hot spot.
        assertThat(html.select("#hot-left-alone tbody tr").eachText()).singleElement()
                .satisfies(row -> assertThat(row).contains("Workload.Nested#helper", "the buffer escapes"));
        assertThat(html.select("#problems li")).isEmpty();
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Ranked by the profile", "### Hot spots left alone");
        assertThat(Files.readAllLines(out.resolve("candidates.csv")).get(0)).endsWith(",sampledBytes,share,cpuShare");
    }

    @Test
    void aRecordingThatCannotBeReadIsAProblemAndTheReportIsStillWritten(@TempDir Path out) throws IOException {
        Path notes = Files.writeString(out.resolve("notes.jfr"), "not a recording", StandardCharsets.UTF_8);
        assertThat(Tool.commandLine().execute("report", "--out", out.toString(),
                "--profile", "workload=" + notes, "--profile", "billing=" + recording, "workload=" + service)).isZero();

        Document html = Jsoup.parse(out.resolve("report.html").toFile(), "UTF-8");
        assertThat(html.select("#problems li").eachText()).containsExactlyInAnyOrder(
                "workload: profile not used: " + notes + " is not a Java Flight Recorder recording (.jfr)",
                "--profile billing=...: no service is named billing");
        assertThat(html.select("#profile")).isEmpty();
        assertThat(html.select("#left-alone tbody tr")).hasSize(3);
        assertThat(html.select("#cold tbody tr")).hasSize(1); // the profile-guided run's cold spot, folded
    }
}
