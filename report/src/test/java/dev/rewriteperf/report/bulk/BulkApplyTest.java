package dev.rewriteperf.report.bulk;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.rewriteperf.report.bulk.FakeServices.bulk;
import static dev.rewriteperf.report.bulk.FakeServices.fakeMaven;
import static dev.rewriteperf.report.bulk.FakeServices.gitOutput;
import static dev.rewriteperf.report.bulk.FakeServices.gitProject;
import static dev.rewriteperf.report.bulk.FakeServices.project;
import static dev.rewriteperf.report.bulk.FakeServices.statuses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bulk --apply}: in place, and with {@code --branch} on a branch of each service's repository, committed with
 * its pull-request text and never pushed; the service's own formatter on the changed files only.
 */
class BulkApplyTest {

    @Test
    void applyChangesTheServiceInPlace(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path service = project(dir, "orders", "");
        Files.writeString(service.resolve("A.java"), "class A { void m() { in.copyLoop(out); } }\n");
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--apply", service.toString());

        assertThat(Files.readString(service.resolve("A.java"))).contains("in.transferTo(out)");
        assertThat(Files.readString(service.resolve("invocations"))).contains(":run ").doesNotContain(":dryRun");
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "ok"));
    }

    @Test
    void eachServiceGetsABranchWithOneCommitAndItsPullRequestTextAndTheCheckoutIsUntouched(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "", false);
        Path workspace = dir.resolve("work");

        int exit = bulk(maven, workspace, "--apply", "--branch", "perf/allocate-less", orders.toString());

        assertThat(exit).isZero();
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "branch perf/allocate-less"));
        // The service's own checkout: still on main, the file as it was, nothing to commit.
        assertThat(gitOutput(orders, "branch", "--show-current").trim()).isEqualTo("main");
        assertThat(Files.readString(orders.resolve("A.java"))).contains("in.copyLoop(out)");
        assertThat(gitOutput(orders, "status", "--porcelain").trim()).isEmpty();
        // The branch: one commit on main's, changing A.java alone, with the message written beside it.
        assertThat(gitOutput(orders, "rev-list", "--count", "main..perf/allocate-less").trim()).isEqualTo("1");
        assertThat(gitOutput(orders, "diff", "--name-only", "main", "perf/allocate-less").trim()).isEqualTo("A.java");
        assertThat(gitOutput(orders, "show", "perf/allocate-less:A.java")).contains("in.transferTo(out)");
        Path words = workspace.resolve("pull-requests/orders");
        assertThat(gitOutput(orders, "log", "-1", "--format=%B", "perf/allocate-less").trim())
                .isEqualTo(Files.readString(words.resolve("commit-message.txt")).trim())
                .startsWith("Allocate less on hot paths: 1 rewrite(s) in 1 file(s)")
                .contains("- UseTransferToForCopyLoops: 1");
        assertThat(Files.readString(words.resolve("pull-request.md")))
                .contains("| `UseTransferToForCopyLoops` | 1 | not measured here |", "| `A.java` | 1 | 1 |",
                        "### Left alone, worth a look", "| the stream comes from the caller | 1 | `A.java` |",
                        "- its poms declare no formatter", "- not verified here", "nothing was pushed");
        // The report shows the committed change as the diff.
        assertThat(Files.readString(workspace.resolve("report/report.md"))).contains("+class A { void m() { in.transferTo(out); } }");
        assertThat(gitOutput(orders, "remote").trim()).isEmpty();
    }

    @Test
    void aRedVerifyOrNoChangeGetsNoBranch(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path red = gitProject(dir, "red", "red", false);
        Path same = gitProject(dir, "same", "unchanged", false);
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--apply", "--branch", "perf", "--verify", red.toString(), same.toString());

        assertThat(statuses(workspace)).containsExactly(Map.entry("red", "verify: red (failed with exit code 1)"),
                Map.entry("same", "no change: no branch"));
        assertThat(gitOutput(red, "branch", "--list", "perf").trim()).isEmpty();
        assertThat(gitOutput(same, "branch", "--list", "perf").trim()).isEmpty();
        assertThat(Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8").select("#problems li").eachText())
                .anySatisfy(p -> assertThat(p).startsWith("red: no branch: verify: red (failed with exit code 1); the change is kept in"));
        // The red service's change stays in its worktree for a person to look at.
        assertThat(Files.readString(workspace.resolve("branches/red/A.java"))).contains("in.transferTo(out)");
        assertThat(workspace.resolve("pull-requests/red")).doesNotExist();
    }

    @Test
    void aGreenVerifyIsCommittedAndSaysSo(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path green = gitProject(dir, "green", "", false);
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--apply", "--branch", "perf", "--verify", green.toString());

        assertThat(statuses(workspace)).containsExactly(Map.entry("green", "branch perf, verify: green"));
        assertThat(Files.readAllLines(workspace.resolve("branches/green/invocations"))).anySatisfy(l -> assertThat(l).startsWith("-B -ntp verify"));
        assertThat(Files.readString(workspace.resolve("pull-requests/green/pull-request.md"))).contains("- verify: green");
    }

    @Test
    void anExistingBranchIsNotOverwritten(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "", false);
        FakeServices.git(orders, "branch", "perf");
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--apply", "--branch", "perf", orders.toString());

        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "failed"));
        assertThat(Files.readString(workspace.resolve("report/report.md"))).contains("the branch perf exists already")
                .contains("delete it (git -C " + orders.toRealPath() + " branch -D perf)");
        assertThat(gitOutput(orders, "rev-list", "--count", "main..perf").trim()).isEqualTo("0");
    }

    /**
     * {@code --rerun} replaces a branch this tool made, while it still points where the tool left it; a branch with a
     * person's commit on it is refused, with commands that, run as given, clear the way.
     */
    @Test
    void aRerunReplacesItsOwnBranchButNotOnePeopleCommittedTo(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "", false);
        Path workspace = dir.resolve("work");
        assertThat(bulk(maven, workspace, "--apply", "--branch", "perf", orders.toString())).isZero();

        assertThat(bulk(maven, workspace, "--apply", "--branch", "perf", "--rerun", orders.toString())).isZero();

        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "branch perf"));
        assertThat(gitOutput(orders, "rev-list", "--count", "main..perf").trim()).as("made again, not stacked").isEqualTo("1");
        assertThat(Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8").select("#totals").text())
                .startsWith("1 service(s), 1 change(s) in 1 file(s)");

        Path worktree = workspace.resolve("branches/orders");
        Files.writeString(worktree.resolve("B.java"), "class B { int mine; }\n");
        FakeServices.git(worktree, "-c", "user.email=dev@example.com", "-c", "user.name=dev", "commit", "-q", "-am", "mine");
        assertThat(bulk(maven, workspace, "--apply", "--branch", "perf", "--rerun", orders.toString())).isEqualTo(1);

        assertThat(gitOutput(orders, "log", "-1", "--format=%s", "perf").trim()).isEqualTo("mine");
        String problem = Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8").select("#problems li").text();
        assertThat(problem).contains("with commits this tool did not make");
        String commands = problem.substring(problem.indexOf("delete it (") + "delete it (".length(), problem.indexOf(") or give another"));
        assertThat(new ProcessBuilder("bash", "-e", "-c", commands).inheritIO().start().waitFor()).as(commands).isZero();
        assertThat(bulk(maven, workspace, "--apply", "--branch", "perf", "--rerun", orders.toString())).isZero();
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "branch perf"));
    }

    /** Outside git the applied change cannot be shown as a diff: the report counts its files from the table, and says so. */
    @Test
    void anAppliedRunOutsideGitCountsItsFilesAndSaysWhyNoDiff(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = project(dir, "orders", "");
        Files.writeString(orders.resolve("A.java"), "class A { void m() { in.copyLoop(out); } }\n");
        Path workspace = dir.resolve("work");

        assertThat(bulk(maven, workspace, "--apply", orders.toString())).isZero();

        Document html = Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8");
        assertThat(html.select("#totals").text()).startsWith("1 service(s), 1 change(s) in 1 file(s)");
        assertThat(html.select("#notes li").eachText())
                .containsExactly("orders: the applied change is not shown as a diff: the service is not in a git repository");
    }

    /** An applied run in the service's own checkout: the report says the changes were made, and shows them. */
    @Test
    void anAppliedRunsReportIsTitledSoAndShowsTheDiffs(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "", false);
        Files.writeString(orders.resolve("B.java"), "class B { int notThePacks; }\n"); // a person's change in progress
        Path workspace = dir.resolve("work");

        assertThat(bulk(maven, workspace, "--apply", orders.toString())).isZero();

        Document html = Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8");
        assertThat(html.select("h1").text()).isEqualTo("rewrite-performance run report (changes applied)");
        assertThat(html.select("#totals").text()).startsWith("1 service(s), 1 change(s) in 1 file(s)");
        assertThat(html.select("#changes span.add").eachText()).containsExactly("+class A { void m() { in.transferTo(out); } }");
        assertThat(html.select("#changes details summary").eachText()).containsExactly("A.java");
        assertThat(Files.readString(workspace.resolve("report/report.md"))).startsWith("# rewrite-performance run report (changes applied)");
    }

    @Test
    void theServicesOwnFormatterFormatsTheChangedFilesOnlyBeforeTheCommit(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "", true);
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--apply", "--branch", "perf", orders.toString());

        assertThat(gitOutput(orders, "show", "perf:A.java")).contains("transferTo", "// formatted");
        assertThat(gitOutput(orders, "diff", "--name-only", "main", "perf").trim()).isEqualTo("A.java");
        assertThat(Files.readString(workspace.resolve("branches/orders/B.java"))).doesNotContain("// formatted");
        assertThat(Files.readString(workspace.resolve("report/report.md")))
                .contains("orders: formatted by its own spotless:apply (1 of 1 changed file(s) touched)");
        assertThat(Files.readString(workspace.resolve("pull-requests/orders/pull-request.md"))).contains("- formatted by its own spotless:apply");
    }

    @Test
    void verifyRunsTheFormatterInItsScratchCopyBeforeTheBuild(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "", true);
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--verify", orders.toString());

        assertThat(Files.readAllLines(workspace.resolve("verify/orders/invocations")))
                .extracting(line -> line.contains(":run ") ? "run" : line.contains("spotless:apply") ? "format" : line.contains("verify") ? "verify" : line)
                .endsWith("run", "format", "verify");
        assertThat(Files.readString(workspace.resolve("verify/orders/B.java"))).doesNotContain("// formatted");
        assertThat(Files.readString(orders.resolve("A.java"))).doesNotContain("// formatted");
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "verify: green"));
    }

    @Test
    void aFormatterThatFailsLeavesThePacksChangeAsItWasAndSaysSo(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "unformattable", true);
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--apply", "--branch", "perf", orders.toString());

        assertThat(gitOutput(orders, "show", "perf:A.java")).contains("transferTo").doesNotContain("// formatted");
        assertThat(Files.readString(workspace.resolve("report/report.md")))
                .contains("its formatter (spotless:apply) failed with exit code 1: the changed files are kept as the pack wrote them");
    }

    @Test
    void aDryRunDoesNotCountAsDoneForALaterApply(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path service = project(dir, "orders", "");
        Path workspace = dir.resolve("work");
        bulk(maven, workspace, service.toString());

        bulk(maven, workspace, "--apply", service.toString());

        assertThat(Files.readAllLines(service.resolve("invocations"))).hasSize(2).last().asString().contains(":run ");
    }

    @Test
    void servicesThatShareARepositoryGetABranchEachAndABuildsOwnFilesAreNotCommitted(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path mono = Files.createDirectories(dir.resolve("mono"));
        for (String service : List.of("orders", "billing")) {
            Path project = Files.createDirectories(mono.resolve(service));
            Files.writeString(project.resolve("pom.xml"), "<project/>");
            Files.writeString(project.resolve("A.java"), "class A { void m() { in.copyLoop(out); } }\n");
        }
        FakeServices.commitAll(mono);
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--apply", "--branch", "perf", mono.resolve("orders").toString(), mono.resolve("billing").toString());

        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "branch perf-orders"), Map.entry("billing", "branch perf-billing"));
        assertThat(gitOutput(mono, "diff", "--name-only", "main", "perf-orders").trim()).isEqualTo("orders/A.java");
        assertThat(gitOutput(mono, "diff", "--name-only", "main", "perf-billing").trim()).isEqualTo("billing/A.java");
        assertThat(Files.readString(workspace.resolve("branches/orders/orders/.flattened-pom.xml"))).contains("built");
    }

    @Test
    void servicesThatShareANameAreRefusedBeforeAnythingRuns(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path a = project(Files.createDirectories(dir.resolve("team-a")), "api", "");
        Path b = project(Files.createDirectories(dir.resolve("team-b")), "API", "");

        int exit = bulk(maven, dir.resolve("work"), a.toString(), b.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(a.resolve("invocations")).doesNotExist();
    }

    @Test
    void anotherRecipeOrPackRunsAServiceAgain(@TempDir Path dir) throws IOException {
        Path maven = fakeMaven(dir);
        Path service = project(dir, "orders", "");
        Path workspace = dir.resolve("work");
        bulk(maven, workspace, service.toString());

        bulk(maven, workspace, "--recipe", "com.example.Performance", service.toString());
        bulk(maven, workspace, "--recipe", "com.example.Performance", service.toString());

        assertThat(Files.readAllLines(service.resolve("invocations"))).hasSize(2).last().asString()
                .contains("-Drewrite.activeRecipes=com.example.Performance");
    }

    @Test
    void verifyFormatsAServiceInsideALargerRepositoryAsItsOwn(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path mono = Files.createDirectories(dir.resolve("mono"));
        Path orders = Files.createDirectories(mono.resolve("orders"));
        Files.writeString(orders.resolve("pom.xml"), "<project><build><plugins><plugin>" +
                "<artifactId>spotless-maven-plugin</artifactId></plugin></plugins></build></project>");
        Files.writeString(orders.resolve("A.java"), "class A { void m() { in.copyLoop(out); } }\n");
        Files.writeString(orders.resolve("B.java"), "class B { }\n");
        FakeServices.commitAll(mono);
        Path workspace = dir.resolve("work");

        bulk(maven, workspace, "--verify", orders.toString());

        assertThat(Files.readString(workspace.resolve("verify/orders/A.java"))).contains("transferTo", "// formatted");
        assertThat(Files.readString(workspace.resolve("verify/orders/B.java"))).doesNotContain("// formatted");
        assertThat(Files.readString(workspace.resolve("report/report.md")))
                .contains("orders: formatted by its own spotless:apply (1 of 1 changed file(s) touched)");
    }
}
