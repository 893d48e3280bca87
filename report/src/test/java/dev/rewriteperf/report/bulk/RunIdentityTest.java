package dev.rewriteperf.report.bulk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import static dev.rewriteperf.report.bulk.FakeServices.project;
import static dev.rewriteperf.report.bulk.FakeServices.statuses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each bulk run has an identity, and a service's findings are only what this run (or, resumed, the run that finished
 * the service) wrote: never what an older run, the service's own build or another dry run left in its {@code target/}.
 */
class RunIdentityTest {

    @Test
    void aServiceThatFailsAfterAGoodRunShowsNoFindingsAndNoSarifRun(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "");
        Path workspace = dir.resolve("work");
        assertThat(bulk(maven, workspace, orders.toString())).isZero();
        assertThat(orders.resolve("target/rewrite/datatables")).isNotEmptyDirectory(); // the good run's output stays there

        int exit = bulk(Path.of("/bin/false"), workspace, "--rerun", orders.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "dry run failed with exit code 1"));
        Document html = Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8");
        assertThat(html.select("#totals").text()).startsWith("1 service(s), 0 change(s) in 0 file(s), 0 spot(s) left alone");
        assertThat(html.text()).containsPattern("the findings of its last good run \\(\\d{8}T\\d{6}Z-\\d+-\\d+\\) are not shown");
        JsonNode sarif = new ObjectMapper().readTree(workspace.resolve("report/report.sarif").toFile());
        assertThat(sarif.get("runs")).isEmpty();
    }

    @Test
    void aTimedOutServiceShowsNoFindingsThoughItsTargetHoldsAnOlderRunsOutput(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "");
        Path workspace = dir.resolve("work");
        bulk(maven, workspace, orders.toString());
        Files.writeString(orders.resolve("behaviour"), "slow");

        int exit = bulk(maven, workspace, "--rerun", "--timeout", "0.02", orders.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "dry run timed out"));
        assertThat(Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8").select("#totals").text())
                .startsWith("1 service(s), 0 change(s)");
    }

    /** A resumed run shows the findings the finishing run kept, whatever became of the service's target/ since. */
    @Test
    void aResumeAfterMvnCleanOrAnotherDryRunShowsTheFinishingRunsOwnFindings(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "");
        Path billing = project(dir, "billing", "");
        Path workspace = dir.resolve("work");
        bulk(maven, workspace, orders.toString(), billing.toString());

        deleteTree(orders.resolve("target")); // mvn clean
        Path other = billing.resolve("target/rewrite/datatables/2026-11-23_08-00-00-000");
        Files.createDirectories(other);
        Files.writeString(other.resolve("dev.rewriteperf.table.PerformanceCandidates.csv"),
                "sourcePath,location,recipe,candidate,changed,replacement,reason\n" +
                "Z.java,Z#z,dev.rewriteperf.hotpaths.InlineObjectsHash,x,true,y,\n".repeat(5)); // another dry run's
        assertThat(bulk(maven, workspace, orders.toString(), billing.toString())).isZero();

        assertThat(statuses(workspace).values()).allMatch(s -> s.matches("ok \\(earlier run \\d{8}T\\d{6}Z-\\d+-\\d+\\)"));
        Document html = Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8");
        assertThat(html.select("#totals").text()).startsWith("2 service(s), 2 change(s) in 2 file(s), 2 spot(s) left alone");
        assertThat(html.select("#run").text()).matches("Bulk run \\d{8}T\\d{6}Z-\\d+-\\d+: each service's findings are this run's.*");
        assertThat(Files.readAllLines(orders.resolve("invocations"))).hasSize(1);
    }

    @Test
    void aServiceWithAnEarlierRunsFindingsButNoStateForThemRunsAgain(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "");
        Path workspace = dir.resolve("work");
        bulk(maven, workspace, orders.toString());
        deleteTree(workspace.resolve("findings"));

        assertThat(bulk(maven, workspace, orders.toString())).isZero();

        assertThat(Files.readAllLines(orders.resolve("invocations"))).hasSize(2);
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "ok"));
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
