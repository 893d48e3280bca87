package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.cli.Tool;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Services for bulk runs without Maven: a script stands in for it (writes what a dry run writes, fails, hangs, fails
 * its build, runs no test, applies a change or formats, as each project's {@code behaviour} file says: {@code fail},
 * {@code slow} (30 s), {@code pause} (3 s), {@code red}, {@code notests}, {@code unchanged}, {@code unformattable}), and
 * projects for it to run in.
 */
public final class FakeServices {

    private FakeServices() {
    }

    public static final String FAKE_MAVEN = """
            #!/bin/sh
            echo "$*" >> invocations
            b=$(cat behaviour 2>/dev/null)
            case "$*" in
              *verify*) [ "$b" = red ] && exit 1; [ "$b" = skipped ] && echo "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 3"; [ "$b" = notests ] || [ "$b" = skipped ] || echo "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0"; exit 0 ;;
              *spotless:apply*) for f in *.java; do echo "// formatted" >> "$f"; done; [ "$b" = unformattable ] && exit 1; exit 0 ;;
            esac
            [ "$b" = fail ] && { echo "[ERROR] cannot resolve"; exit 1; }
            [ "$b" = slow ] && sleep 30
            [ "$b" = pause ] && sleep 3
            case "$*" in
              *:run\\ *) [ -f A.java ] && [ "$b" != unchanged ] && sed -i 's/copyLoop(/transferTo(/' A.java; echo built > .flattened-pom.xml ;;
            esac
            t=target/rewrite/datatables/2026-11-22_10-00-00-000
            mkdir -p $t
            printf 'sourcePath,location,recipe,candidate,changed,replacement,reason\\nA.java,A#m,dev.rewriteperf.buffers.UseTransferToForCopyLoops,loop,true,transfer,\\nA.java,A#n,dev.rewriteperf.buffers.UseTransferToForCopyLoops,loop,false,,the stream comes from the caller\\n' > $t/dev.rewriteperf.table.PerformanceCandidates.csv
            exit 0
            """;

    public static void git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        assertThat(new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start().waitFor()).isZero();
    }

    public static int bulk(Path maven, Path workspace, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("bulk", "--maven", maven.toString(), "--workspace", workspace.toString()));
        all.addAll(List.of(args));
        return Tool.commandLine().execute(all.toArray(new String[0]));
    }

    public static Map<String, String> statuses(Path workspace) throws IOException {
        Document html = Jsoup.parse(workspace.resolve("report/report.html").toFile(), "UTF-8");
        return html.select("#services tbody tr").stream().collect(Collectors.toMap(
                row -> row.select("td").get(0).text(), row -> row.select("td").get(1).text(), (a, b) -> a, java.util.LinkedHashMap::new));
    }

    public static Path fakeMaven(Path dir) throws IOException {
        Path script = dir.resolve("fake-mvn");
        Files.writeString(script, FAKE_MAVEN, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /**
     * A project in a git repository of its own, with one commit: a pom (declaring spotless when {@code formatted}), a
     * file the fake run changes ({@code A.java}) and one it does not ({@code B.java}).
     */
    public static Path gitProject(Path dir, String name, String behaviour, boolean formatted) throws IOException, InterruptedException {
        Path project = project(dir, name, behaviour);
        if (formatted) {
            Files.writeString(project.resolve("pom.xml"), "<project><build><plugins><plugin>" +
                    "<artifactId>spotless-maven-plugin</artifactId></plugin></plugins></build></project>");
        }
        Files.writeString(project.resolve("A.java"), "class A { void m() { in.copyLoop(out); } }\n");
        Files.writeString(project.resolve("B.java"), "class B { }\n");
        return commitAll(project);
    }

    /** {@code dir} as a git repository on {@code main} whose one commit holds everything in it (the fake's files ignored). */
    public static Path commitAll(Path dir) throws IOException, InterruptedException {
        Files.writeString(dir.resolve(".gitignore"), "invocations\ntarget/\n");
        git(dir, "init", "-q", "-b", "main");
        git(dir, "add", ".");
        git(dir, "-c", "user.email=dev@example.com", "-c", "user.name=dev", "commit", "-q", "-m", "first");
        return dir;
    }

    public static String gitOutput(Path dir, String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    public static Path project(Path dir, String name, String behaviour) throws IOException {
        Path project = Files.createDirectories(dir.resolve(name));
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        Files.writeString(project.resolve("behaviour"), behaviour);
        return project;
    }

    /** What a command returned and wrote to standard error. */
    public record Ran(int exit, String err) {
    }

    /** A command of a test, which may throw. */
    public interface Command {
        int run() throws Exception;
    }

    /** Runs {@code command} with standard error caught: its exit code and what it wrote there. */
    public static Ran catchingStderr(Command command) throws Exception {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream original = System.err;
        System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int exit = command.run();
            return new Ran(exit, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(original);
        }
    }
}
