package dev.rewriteperf.report.bulk;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static dev.rewriteperf.report.bulk.FakeServices.bulk;
import static dev.rewriteperf.report.bulk.FakeServices.fakeMaven;
import static dev.rewriteperf.report.bulk.FakeServices.git;
import static dev.rewriteperf.report.bulk.FakeServices.project;
import static dev.rewriteperf.report.bulk.FakeServices.statuses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bulk run's orchestration with a stand-in for Maven (a script that writes what a dry run writes, fails, hangs
 * or fails its build as each project's {@code behaviour} file says); the real plugin runs in the end-to-end test.
 */
class BulkCommandTest {

    @Test
    void servicesRunSideBySideAndFailuresStayTheirOwn(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path good = project(dir, "good", "");
        Path failing = project(dir, "failing", "fail");
        Path slow = project(dir, "slow", "slow");
        Path notMaven = Files.createDirectories(dir.resolve("notes"));
        Path workspace = dir.resolve("work");

        int exit = bulk(maven, workspace, "--parallel", "2", "--timeout", "0.05",
                good.toString(), failing.toString(), "stuck=" + slow, notMaven.toString(), dir.resolve("gone").toString());

        assertThat(exit).as("services failed").isEqualTo(1);
        assertThat(statuses(workspace)).containsExactly(
                Map.entry("good", "ok"), Map.entry("failing", "dry run failed with exit code 1"),
                Map.entry("stuck", "dry run timed out"), Map.entry("notes", "failed"), Map.entry("gone", "failed"));
        Document html = Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8");
        assertThat(html.select("#totals").text()).startsWith("5 service(s), 1 change(s) in 1 file(s), 1 spot(s) left alone");
        assertThat(html.select("#problems li").eachText()).anySatisfy(p -> assertThat(p)
                .startsWith("failing: the dry run failed with exit code 1: [ERROR] cannot resolve; see ")
                .contains(workspace.resolve("logs/failing.log").toString()));
        assertThat(html.select("#problems li").eachText()).anySatisfy(p -> assertThat(p).startsWith("notes: not a Maven project"))
                .anySatisfy(p -> assertThat(p).startsWith("gone: no such directory"));
        assertThat(Files.readString(workspace.resolve("logs/failing.log"))).contains("[ERROR] cannot resolve");
        assertThat(Files.readString(good.resolve("invocations"))).contains(
                "org.openrewrite.maven:rewrite-maven-plugin:6.45.0:dryRun", "-Drewrite.activeRecipes=dev.rewriteperf.PerformanceBestPractices");
    }

    @Test
    void aRerunSkipsWhatFinishedAndRetriesTheRest(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path good = project(dir, "good", "");
        Path failing = project(dir, "failing", "fail");
        Path workspace = dir.resolve("work");
        bulk(maven, workspace, good.toString(), failing.toString());

        Files.writeString(failing.resolve("behaviour"), "");
        bulk(maven, workspace, good.toString(), failing.toString());

        assertThat(Files.readAllLines(good.resolve("invocations"))).hasSize(1);
        assertThat(Files.readAllLines(failing.resolve("invocations"))).hasSize(2);
        assertThat(statuses(workspace)).containsOnlyKeys("good", "failing").containsEntry("failing", "ok");
        assertThat(statuses(workspace).get("good")).matches("ok \\(earlier run \\d{8}T\\d{6}Z-\\d+-\\d+\\)");
    }

    @Test
    void verifyAppliesInAScratchCopyAndBuilds(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path green = project(dir, "green", "");
        Path red = project(dir, "red", "red");
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--verify", green.toString(), red.toString());

        assertThat(statuses(workspace)).containsExactly(Map.entry("green", "verify: green"),
                Map.entry("red", "verify: red (failed with exit code 1)"));
        assertThat(Files.readAllLines(workspace.resolve("verify/green/invocations")))
                .anySatisfy(line -> assertThat(line).contains(":run "))
                .anySatisfy(line -> assertThat(line).startsWith("-B -ntp verify"));
        assertThat(Files.readAllLines(green.resolve("invocations"))).singleElement().asString().contains(":dryRun");
    }

    @Test
    void aVerifyInWhichNoTestRanSaysSo(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path untested = project(dir, "untested", "notests");
        Path skipped = project(dir, "skipped", "skipped");
        Path workspace = dir.resolve("work");

        assertThat(bulk(maven, workspace, "--verify", untested.toString(), skipped.toString())).isZero();

        assertThat(statuses(workspace)).containsExactly(Map.entry("untested", "verify: no tests (it builds; no test ran)"),
                Map.entry("skipped", "verify: no tests (it builds; no test ran)"));
    }

    @Test
    void aGitUrlIsClonedIntoTheWorkspace(@TempDir Path dir) throws IOException, InterruptedException {
        Path maven = fakeMaven(dir);
        Path origin = project(dir, "ledger", "");
        git(origin, "init", "-q");
        git(origin, "add", ".");
        git(origin, "-c", "user.email=bulk@example.com", "-c", "user.name=bulk", "commit", "-q", "-m", "ledger");
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--list", Files.writeString(dir.resolve("services.txt"),
                "# one service per line\n" + origin.toUri() + "\n").toString());

        assertThat(workspace.resolve("clones/ledger/pom.xml")).exists();
        assertThat(Files.readString(workspace.resolve("clones/ledger/invocations"))).contains(":dryRun");
        assertThat(origin.resolve("invocations")).doesNotExist();
        assertThat(statuses(workspace)).containsExactly(Map.entry("ledger", "ok"));
    }

}
