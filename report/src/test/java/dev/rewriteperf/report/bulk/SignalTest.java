package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.cli.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.rewriteperf.report.bulk.FakeServices.bulk;
import static dev.rewriteperf.report.bulk.FakeServices.fakeMaven;
import static dev.rewriteperf.report.bulk.FakeServices.gitProject;
import static dev.rewriteperf.report.bulk.FakeServices.statuses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tool owns its children: SIGINT or SIGTERM to its own pid (the tool in a JVM of its own, as a CI job runs it) ends
 * the Maven it started, and everything that started, before it exits; under {@code --apply} no file changes after it
 * has gone, and a resumed run runs the interrupted service again and reports its changes. A second run started while it
 * runs is refused.
 */
class SignalTest {

    /**
     * A {@code --rerun} stopped by a signal after a good run: the next run without {@code --rerun} runs the service
     * again, rather than showing the good run's findings as if the stopped run had not happened.
     */
    @Test
    void aStoppedRerunIsRunAgainNotTakenForTheEarlierGoodRun(@TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = FakeServices.project(dir, "orders", "");
        Path workspace = dir.resolve("work");
        assertThat(bulk(maven, workspace, orders.toString())).isZero();
        Files.writeString(orders.resolve("behaviour"), "pause");
        Files.delete(orders.resolve("invocations"));
        Process tool = tool(maven, workspace, "--rerun", orders.toString()).start();
        try {
            for (int i = 0; i < 600 && !Files.exists(orders.resolve("invocations")); i++) {
                Thread.sleep(25);
            }
            assertThat(new ProcessBuilder("kill", "-TERM", Long.toString(tool.pid())).start().waitFor()).isZero();
            assertThat(tool.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            tool.destroyForcibly();
        }
        Files.writeString(orders.resolve("behaviour"), "");

        assertThat(bulk(maven, workspace, orders.toString())).isZero();

        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "ok"));
        assertThat(Files.readAllLines(orders.resolve("invocations"))).hasSize(2);
    }

    private static ProcessBuilder tool(Path maven, Path workspace, String... args) {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "-cp", classpath, Tool.class.getName(),
                "bulk", "--maven", maven.toString(), "--workspace", workspace.toString(), "--progress", "plain"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalEndsEveryChildBeforeTheToolExits(String signal, @TempDir Path dir) throws Exception {
        Path maven = fakeMaven(dir);
        Path orders = gitProject(dir, "orders", "pause", false);
        Path workspace = dir.resolve("work");
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process tool = new ProcessBuilder(java.toString(), "-cp", classpath, Tool.class.getName(), "bulk", "--apply",
                "--maven", maven.toString(), "--workspace", workspace.toString(), "--progress", "plain", orders.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("tool.log").toFile()).start();
        try {
            for (int i = 0; i < 600 && !Files.exists(orders.resolve("invocations")); i++) {
                Thread.sleep(25);
            }
            assertThat(orders.resolve("invocations")).as("the fake Maven started").exists();
            assertThat(bulk(maven, workspace, orders.toString())).as("a second run while the first runs").isEqualTo(2);

            assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(tool.pid())).start().waitFor()).isZero();
            assertThat(tool.waitFor(30, TimeUnit.SECONDS)).as("the tool exits").isTrue();
        } finally {
            tool.destroyForcibly();
        }
        List<ProcessHandle> left = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(line -> line.contains(maven.toString())).orElse(false)).toList();
        assertThat(left).as("the fake Maven outlived the tool").isEmpty();

        Thread.sleep(4_000); // longer than the fake Maven's pause: had it lived, it would have rewritten A.java by now
        assertThat(Files.readString(orders.resolve("A.java"))).contains("copyLoop").doesNotContain("transferTo");

        Files.writeString(orders.resolve("behaviour"), "");
        assertThat(bulk(maven, workspace, "--apply", orders.toString())).isZero();
        assertThat(statuses(workspace)).containsExactly(Map.entry("orders", "ok"));
        assertThat(Files.readString(orders.resolve("A.java"))).contains("transferTo");
    }
}
