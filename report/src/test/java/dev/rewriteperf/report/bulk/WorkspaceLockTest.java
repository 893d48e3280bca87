package dev.rewriteperf.report.bulk;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static dev.rewriteperf.report.bulk.FakeServices.bulk;
import static dev.rewriteperf.report.bulk.FakeServices.fakeMaven;
import static dev.rewriteperf.report.bulk.FakeServices.project;
import static dev.rewriteperf.report.bulk.FakeServices.statuses;
import static org.assertj.core.api.Assertions.assertThat;

/** One bulk run per workspace: a second is refused, naming the first; a lock its holder never let go is taken over. */
class WorkspaceLockTest {

    @Test
    void aSecondRunOnTheSameWorkspaceIsRefusedAndNamesTheRunningOne(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "pause");
        Path billing = project(dir, "billing", "");
        Path workspace = dir.resolve("work");
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> bulk(maven, workspace, orders.toString()));
        for (int i = 0; i < 200 && !Files.exists(orders.resolve("invocations")); i++) {
            Thread.sleep(25);
        }

        FakeServices.Ran second = FakeServices.catchingStderr(() -> bulk(maven, workspace, orders.toString(), billing.toString()));

        assertThat(second.exit()).isEqualTo(2);
        assertThat(second.err()).containsPattern(
                "the workspace .* is in use by another bulk run \\(run \\d{8}T\\d{6}Z-\\d+-\\d+, pid " + ProcessHandle.current().pid());
        assertThat(first.get()).isZero();
        assertThat(billing.resolve("invocations")).doesNotExist();
        assertThat(Files.readAllLines(orders.resolve("invocations"))).hasSize(1);
        assertThat(Files.readString(workspace.resolve("logs/orders.log"))).containsOnlyOnce("=== bulk run ");
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "ok"));
    }

    @Test
    void aLockWhoseRunIsGoneIsTakenOverAndThatIsSaid(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "");
        Path workspace = Files.createDirectories(dir.resolve("work"));
        Files.writeString(workspace.resolve(".lock"), "run 20261101T000000Z-999999, pid 999999, started 2026-11-01T00:00:00Z\n");

        FakeServices.Ran run = FakeServices.catchingStderr(() -> bulk(maven, workspace, orders.toString()));

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("took over the workspace from a run that ended without " +
                                                                  "letting it go (run 20261101T000000Z-999999, pid 999999");
        assertThat(workspace.resolve(".lock")).isEmptyFile(); // let go at the end
    }
}
