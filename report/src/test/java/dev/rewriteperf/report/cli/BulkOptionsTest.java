package dev.rewriteperf.report.cli;

import dev.rewriteperf.report.bulk.FakeServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.rewriteperf.report.bulk.FakeServices.fakeMaven;
import static dev.rewriteperf.report.bulk.FakeServices.project;
import static dev.rewriteperf.report.bulk.FakeServices.statuses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code bulk} is given: bad options and folders are refused (exit code 2) before any Maven runs, with a message
 * and no stack trace; services given with spaces, or as git URLs with a relative workspace, run; the exit code is 0
 * only when every service is fine.
 */
class BulkOptionsTest {

    @Test
    void badOptionsAreRefusedBeforeAnyMavenRuns(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "");
        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        List<List<String>> bad = List.of(
                List.of("--timeout", "0"), List.of("--timeout", "-1"), List.of("--timeout", "NaN"),
                List.of("--parallel", "-3"), List.of("--parallel", "0"), List.of("--progress", "loud"),
                List.of("--out", file.resolve("report").toString()), List.of("--workspace", file.resolve("work").toString()),
                List.of("--branch", "perf"), List.of("--apply", "--branch", "--force"), List.of("--jdk", "latest"),
                List.of("--benchmarks", dir.resolve("no-results").toString()), List.of("--list", dir.resolve("no-list").toString()),
                List.of("--emit-workflow", "jenkins"), List.of("--emit-workflow", "github", "--timeout", "0"),
                List.of("--workspace", orders.resolve("bulk-work").toString()), List.of("same=" + orders));

        for (List<String> options : bad) {
            FakeServices.Ran result = run(maven, dir.resolve("work"), options, orders.toString());

            assertThat(result.exit()).as("%s", options).isEqualTo(2);
            assertThat(result.err()).as("%s", options).doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(orders.resolve("invocations")).as("%s", options).doesNotExist();
        }
        assertThat(run(maven, dir.resolve("work"), List.of("--parallel", "-3"), orders.toString()).err())
                .contains("--parallel -3: at least 1 service must run at a time");
        assertThat(run(maven, dir.resolve("work"), List.of("--out", file.resolve("report").toString()), orders.toString()).err())
                .contains("--out " + file.resolve("report") + ": cannot be written");
    }

    @Test
    void theExitCodeIsZeroOnlyWhenEveryServiceIsFine(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path good = project(dir, "good", "");
        Path red = project(dir, "red", "red");

        assertThat(run(maven, dir.resolve("a"), List.of(), good.toString()).exit()).isZero();
        assertThat(run(maven, dir.resolve("b"), List.of("--verify"), good.toString(), red.toString()).exit()).isEqualTo(1);
        assertThat(run(maven, dir.resolve("c"), List.of(), good.toString(), dir.resolve("gone").toString()).exit()).isEqualTo(1);
        assertThat(run(maven, dir.resolve("d"), List.of()).exit()).as("no services").isEqualTo(2);
        assertThat(run(maven, dir.resolve("e"), List.of("--no-such-option"), good.toString()).exit()).isEqualTo(2);
    }

    @Test
    void theHelpListsTheExitCodes() {
        StringWriter help = new StringWriter();
        Tool.commandLine().setOut(new PrintWriter(help)).execute("bulk", "--help");

        assertThat(help.toString()).contains("Exit codes:", "0   every service ran as it should", "1   a service failed",
                "2   a bad invocation");
    }

    @Test
    void pathsWithSpacesWorkAsArgumentsAndQuotedInAList(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path spaced = project(Files.createDirectories(dir.resolve("my services")), "order service", "");
        Path other = project(dir.resolve("my services"), "billing service", "");
        Path stock = project(dir.resolve("my services"), "stock service", "");
        Path list = Files.writeString(dir.resolve("my services/services.txt"),
                "# a quoted path, and a named one\n\"billing service\" jdk=21\nstock='" + stock + "'\n");

        FakeServices.Ran result = run(maven, dir.resolve("work space"), List.of("--list", list.toString()), spaced.toString());

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(statuses(dir.resolve("work space"))).containsExactly(Map.entry("order service", "ok"),
                Map.entry("billing service", "ok"), Map.entry("stock", "ok"));
        assertThat(Files.readAllLines(other.resolve("invocations"))).hasSize(1);
        assertThat(run(maven, dir.resolve("w2"), List.of("--list", Files.writeString(dir.resolve("open.txt"), "\"a b\n")
                .toString())).err()).contains("a quote (\") is not closed");
    }

    /** The example in docs/reports-and-bulk.md: a git URL, the workspace relative to where the tool runs. */
    @Test
    void aGitUrlServiceWorksWithARelativeWorkspace(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path origin = FakeServices.gitProject(dir, "ledger", "", false);
        Path relative = Path.of("").toAbsolutePath().relativize(dir.resolve("ws"));
        assertThat(relative.isAbsolute()).isFalse();

        FakeServices.Ran result = run(maven, relative, List.of(), origin.toUri().toString());

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(dir.resolve("ws/clones/ledger/pom.xml")).exists();
        assertThat(statuses(dir.resolve("ws"))).containsExactly(Map.entry("ledger", "ok"));
        // The clone is a repository of its own: its SARIF paths start at its root.
        String sarif = Files.readString(dir.resolve("ws/report/report.sarif"));
        assertThat(sarif).contains("\"uri\" : \"A.java\"");
    }

    private static FakeServices.Ran run(Path maven, Path workspace, List<String> options, String... services) throws Exception {
        List<String> args = new ArrayList<>(List.of("bulk", "--maven", maven.toString(), "--workspace", workspace.toString(),
                "--progress", "plain"));
        args.addAll(options);
        args.addAll(List.of(services));
        StringWriter usage = new StringWriter();
        FakeServices.Ran ran = FakeServices.catchingStderr(() ->
                Tool.commandLine().setErr(new PrintWriter(usage, true)).execute(args.toArray(new String[0])));
        return new FakeServices.Ran(ran.exit(), usage + ran.err());
    }
}
