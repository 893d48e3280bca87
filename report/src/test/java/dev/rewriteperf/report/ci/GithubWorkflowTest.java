package dev.rewriteperf.report.ci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.rewriteperf.report.bulk.FakeServices;
import dev.rewriteperf.report.cli.Tool;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bulk --emit-workflow github}: the workflow passes actionlint, runs for each service exactly the command bulk
 * runs here, keeps matrices within the engine's limit, and reports over every service at the end.
 */
class GithubWorkflowTest {

    private static final Path SAMPLES = Path.of("../samples/services.txt");
    /** An extra Maven argument with a space and a quote: the workflow's shell must pass it on as bulk does. */
    private static final String ODD_ARG = "-Dnote=it's two words";

    @Test
    void theSampleServicesWorkflowPassesActionlintAndRunsWhatBulkRuns(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rewrite-performance.yml");

        int exit = emit("--list", SAMPLES.toString(), "--workflow-file", file.toString(), "--timeout", "20",
                "--maven-arg=" + ODD_ARG);

        assertThat(exit).isZero();
        assertThat(actionlint(file)).isEmpty();
        JsonNode workflow = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        JsonNode jobs = workflow.get("jobs");
        assertThat(names(jobs)).containsExactly("pack", "services-1", "report");
        JsonNode services = jobs.get("services-1");
        assertThat(services.at("/strategy/fail-fast").asBoolean()).isFalse();
        assertThat(services.get("timeout-minutes").asInt()).isEqualTo(35);
        assertThat(services.at("/strategy/matrix/include")).extracting(e -> e.get("name").asText() + " jdk " + e.get("jdk").asText() +
                " in " + e.get("dir").asText()).containsExactly("order-service jdk 21 in samples/order-service",
                "billing-service jdk 17 in samples/billing-service", "inventory-service jdk 17 in samples/inventory-service");
        JsonNode dryRun = step(services, "Dry run (the command bulk runs)");
        assertThat(dryRun.get("timeout-minutes").asInt()).isEqualTo(20);
        assertThat(step(services, "upload-artifact").at("/with/path").asText()).isEqualTo("${{ matrix.dir }}/target/rewrite/");
        JsonNode report = jobs.get("report");
        assertThat(report.get("needs")).extracting(JsonNode::asText).containsExactly("pack", "services-1");
        assertThat(report.get("if").asText()).startsWith("always()");
        assertThat(step(report, "Write the report").get("run").asText()).contains(
                "order-service=services/service-order-service", "inventory-service=services/service-inventory-service");

        assertThat(argumentsOf(dryRun.get("run").asText(), dir)).isEqualTo(argumentsOfBulk(dir));
    }

    @Test
    void moreServicesThanOneMatrixTakesAreSplitIntoBatchesAndRemoteOnesAreCheckedOutOrCloned(@TempDir Path dir) throws Exception {
        StringBuilder list = new StringBuilder();
        for (int i = 1; i <= 300; i++) {
            list.append(i % 100 == 0 ? "https://git.example.com/team/svc-" + i + ".git" : i % 3 == 0 ? "git@github.com:acme/svc-" + i + ".git"
                    : "https://github.com/acme/svc-" + i).append(i == 7 ? " jdk=21" : "").append('\n');
        }
        Path file = dir.resolve("fleet.yml");

        int exit = emit("--list", Files.writeString(dir.resolve("services.txt"), list).toString(), "--workflow-file", file.toString());

        assertThat(exit).isZero();
        assertThat(actionlint(file)).isEmpty();
        JsonNode jobs = new ObjectMapper(new YAMLFactory()).readTree(file.toFile()).get("jobs");
        assertThat(names(jobs)).containsExactly("pack", "services-1", "services-2", "report");
        JsonNode first = jobs.at("/services-1/strategy/matrix/include");
        assertThat(first).hasSize(GithubWorkflow.MATRIX_LIMIT);
        assertThat(jobs.at("/services-2/strategy/matrix/include")).hasSize(300 - GithubWorkflow.MATRIX_LIMIT);
        assertThat(jobs.at("/report/needs")).extracting(JsonNode::asText).containsExactly("pack", "services-1", "services-2");
        assertThat(entry(first, "svc-1")).containsEntry("repository", "acme/svc-1").containsEntry("url", "").containsEntry("jdk", "17")
                .containsEntry("dir", "services/svc-1");
        assertThat(entry(first, "svc-3")).containsEntry("repository", "acme/svc-3");
        assertThat(entry(first, "svc-7")).containsEntry("jdk", "21");
        assertThat(entry(first, "svc-100")).containsEntry("repository", "").containsEntry("url", "https://git.example.com/team/svc-100.git");
    }

    @Test
    void aLocalServiceOutsideTheRepositoryOrAnotherEngineIsRefusedAndNothingWritten(@TempDir Path dir) throws Exception {
        Path repository = Files.createDirectories(dir.resolve("fleet"));
        FakeServices.git(repository, "init", "-q");
        Path outside = FakeServices.project(dir, "elsewhere", "");
        Path file = repository.resolve(".github/workflows/fleet.yml");

        assertThat(emit(outside.toString(), "--workflow-file", file.toString())).isEqualTo(2);
        assertThat(Tool.commandLine().execute("bulk", "--emit-workflow", "jenkins", outside.toString(),
                "--workflow-file", file.toString())).isEqualTo(2);
        assertThat(file).doesNotExist();
    }

    @Test
    void theGitlabPipelineRunsWhatBulkRunsInMatricesOfAtMost200(@TempDir Path dir) throws Exception {
        StringBuilder list = new StringBuilder("order-service=" + SAMPLES.toAbsolutePath().getParent().resolve("order-service") + "\n");
        for (int i = 2; i <= 250; i++) {
            list.append("https://gitlab.example.com/team/svc-").append(i).append(".git\n");
        }
        Path file = dir.resolve("rewrite-performance.gitlab-ci.yml");

        int exit = Tool.commandLine().execute("bulk", "--emit-workflow", "gitlab", "--list",
                Files.writeString(dir.resolve("services.txt"), list).toString(), "--workflow-file", file.toString(),
                "--maven-arg=" + ODD_ARG);

        assertThat(exit).isZero();
        JsonNode pipeline = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        assertThat(names(pipeline)).containsExactly("stages", "pack", "services-1", "services-2", "report");
        JsonNode first = pipeline.at("/services-1/parallel/matrix");
        assertThat(first).hasSize(GitlabPipeline.MATRIX_LIMIT);
        assertThat(pipeline.at("/services-2/parallel/matrix")).hasSize(250 - GitlabPipeline.MATRIX_LIMIT);
        assertThat(entry(first, "order-service")).containsEntry("JDK", "21").containsEntry("URL", "")
                .containsEntry("DIR", "samples/order-service");
        assertThat(entry(first, "svc-2")).containsEntry("URL", "https://gitlab.example.com/team/svc-2.git")
                .containsEntry("DIR", "services/svc-2");
        assertThat(pipeline.at("/services-1/image").asText()).isEqualTo("maven:3.9-eclipse-temurin-${JDK}");
        assertThat(pipeline.at("/report/when").asText()).isEqualTo("always");
        assertThat(pipeline.at("/report/script/0").asText()).contains("order-service=samples/order-service",
                "svc-250=services/svc-250");

        List<String> script = new ArrayList<>();
        pipeline.at("/services-1/script").forEach(line -> script.add(line.asText()));
        String dryRun = script.get(script.size() - 1);
        assertThat(dryRun).startsWith("timeout 30m mvn ");
        assertThat(argumentsOf(dryRun.substring("timeout 30m ".length()), dir)).isEqualTo(argumentsOfBulk(dir));
    }

    @Test
    void thePackComesFromTheRepositoryNamedAndAnArgumentNoWorkflowLineCanHoldIsRefused(@TempDir Path dir) throws Exception {
        Path gitlab = dir.resolve("gitlab.yml");
        Path github = dir.resolve("github.yml");

        int gitlabExit = Tool.commandLine().execute("bulk", "--emit-workflow", "gitlab", "--pack-repository",
                "acme/rewrite-performance@v1", "https://github.com/acme/orders", "--workflow-file", gitlab.toString());
        int githubExit = emit("https://github.com/acme/orders", "--pack-repository", "acme/rewrite-performance@v1",
                "--workflow-file", github.toString());
        int refused = emit("https://github.com/acme/orders", "--maven-arg=-Dnote=${{ secrets.TOKEN }}",
                "--workflow-file", dir.resolve("refused.yml").toString());

        assertThat(gitlabExit).isZero();
        assertThat(githubExit).isZero();
        assertThat(refused).isEqualTo(2);
        assertThat(dir.resolve("refused.yml")).doesNotExist();
        List<String> script = new ArrayList<>();
        new ObjectMapper(new YAMLFactory()).readTree(gitlab.toFile()).at("/pack/script").forEach(line -> script.add(line.asText()));
        assertThat(script).startsWith("git clone --depth 1 --branch v1 https://github.com/acme/rewrite-performance.git pack-source",
                "mvn -B -ntp -f pack-source/pom.xml install -DskipTests");
        JsonNode checkout = new ObjectMapper(new YAMLFactory()).readTree(github.toFile()).at("/jobs/pack/steps/0/with");
        assertThat(checkout.get("repository").asText()).isEqualTo("acme/rewrite-performance");
        assertThat(checkout.get("ref").asText()).isEqualTo("v1");
    }

    /**
     * A list is data, never workflow code: a value GitHub would evaluate (its token sent to a URL's host) or GitLab would
     * expand is refused, whichever field it is in, and nothing is written.
     */
    @Test
    void noFieldOfAListCanPutAnExpressionIntoAWorkflow(@TempDir Path dir) throws Exception {
        Path repository = Files.createDirectories(dir.resolve("fleet"));
        FakeServices.git(repository, "init", "-q");
        Path oddDir = FakeServices.project(repository, "x${{github.token}}", "");
        FakeServices.commitAll(repository);
        Path github = repository.resolve(".github/workflows/fleet.yml");
        Path gitlab = repository.resolve("fleet.gitlab-ci.yml");
        FakeServices.Ran ran = FakeServices.catchingStderr(() -> {
            for (String service : List.of("https://host.example/x${{github.token}}.git", "'" + oddDir + "'",
                    "orders=https://host.example/orders.git jdk=21", "https://host.example/$CI_JOB_TOKEN/orders.git")) {
                Path list = Files.writeString(dir.resolve("services.txt"), service + "\n");
                boolean dollarOnly = !service.contains("${{");
                boolean plain = !service.contains("$");
                assertThat(emit("--list", list.toString(), "--workflow-file", github.toString()))
                        .as("github, %s", service).isEqualTo(dollarOnly ? 0 : 2);
                assertThat(Tool.commandLine().execute("bulk", "--emit-workflow", "gitlab", "--list", list.toString(),
                        "--workflow-file", gitlab.toString())).as("gitlab, %s", service).isEqualTo(plain ? 0 : 2);
                if (!dollarOnly) {
                    assertThat(github).doesNotExist();
                }
                if (!plain) {
                    assertThat(gitlab).doesNotExist();
                }
                Files.deleteIfExists(github);
                Files.deleteIfExists(gitlab);
            }
            assertThat(emit("https://host.example/orders.git", "--maven-arg=-Dx=${{ secrets.TOKEN }}",
                    "--workflow-file", github.toString())).isEqualTo(2);
            assertThat(emit("https://host.example/orders.git", "--recipe", "x${{ secrets.FLEET_TOKEN }}",
                    "--workflow-file", github.toString())).isEqualTo(2);
            assertThat(Tool.commandLine().execute("bulk", "--emit-workflow", "gitlab", "--pack-repository",
                    "https://$TOKEN@host.example/pack.git", "https://host.example/orders.git", "--workflow-file", gitlab.toString()))
                    .isEqualTo(2);
            assertThat(Tool.commandLine().execute("bulk", "--emit-workflow", "github", "--jdk", "${{ github.token }}",
                    "https://host.example/orders.git", "--workflow-file", github.toString())).isEqualTo(2);
            return 0;
        });
        assertThat(github).doesNotExist();
        assertThat(gitlab).doesNotExist();
        assertThat(ran.err())
                .contains("GitHub would evaluate the ${{ }} expression in it")
                .contains("GitLab would expand the $ variable in it");
    }

    @Test
    void theCommittedSampleWorkflowIsWhatBulkWritesForTheSampleServices(@TempDir Path dir) throws Exception {
        Path committed = Path.of("../.github/workflows/rewrite-performance-samples.yml");
        Path file = dir.resolve("rewrite-performance-samples.yml");

        emit("--list", SAMPLES.toString(), "--timeout", "20", "--workflow-file", file.toString());

        assertThat(Files.readString(committed)).as("regenerate it: docs/fleet-ci.md, 'On the CI engine you already have'")
                .isEqualTo(Files.readString(file));
        assertThat(actionlint(committed)).isEmpty();
    }

    private static int emit(String... args) {
        List<String> all = new ArrayList<>(List.of("bulk", "--emit-workflow", "github"));
        all.addAll(List.of(args));
        return Tool.commandLine().execute(all.toArray(new String[0]));
    }

    /** What the workflow's dry-run step hands Maven: its shell line run by bash with a stand-in {@code mvn}. */
    private static List<String> argumentsOf(String run, Path dir) throws Exception {
        Path project = FakeServices.project(dir, "from-workflow", "");
        Path bin = recordingMaven(dir.resolve("bin"), "mvn").getParent();
        ProcessBuilder builder = new ProcessBuilder("bash", "-e", "-c", run).directory(project.toFile()).inheritIO();
        builder.environment().put("PATH", bin + File.pathSeparator + System.getenv("PATH"));
        assertThat(builder.start().waitFor()).isZero();
        return Files.readAllLines(project.resolve("argv"));
    }

    /** What bulk hands Maven for a service here, with the same options. */
    private static List<String> argumentsOfBulk(Path dir) throws Exception {
        Path project = FakeServices.project(dir, "from-bulk", "");
        Path maven = recordingMaven(dir.resolve("local-bin"), "local-mvn");
        Tool.commandLine().execute("bulk", "--maven", maven.toString(), "--workspace", dir.resolve("work").toString(),
                "--maven-arg=" + ODD_ARG, "--progress", "plain", project.toString());
        return Files.readAllLines(project.resolve("argv"));
    }

    /** A Maven stand-in that writes its arguments, one a line, to {@code argv} where it runs; its path. */
    private static Path recordingMaven(Path bin, String name) throws IOException {
        Files.createDirectories(bin);
        Path script = bin.resolve(name);
        Files.writeString(script, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> argv; done\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /**
     * actionlint's findings (empty when it passes). It is a Go tool: {@code .ci/run} installs it and says it is
     * required; elsewhere a machine without it skips this check.
     */
    private static String actionlint(Path workflow) throws Exception {
        Path tool = actionlintBinary();
        if (tool == null) {
            assertThat(System.getenv("ACTIONLINT_REQUIRED")).as("actionlint is required here but was not found").isNull();
            Assumptions.abort("actionlint is not installed (go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12)");
        }
        Process process = new ProcessBuilder(tool.toString(), "-no-color", workflow.toString()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return process.waitFor() == 0 ? "" : out.isEmpty() ? "actionlint failed" : out;
    }

    private static Path actionlintBinary() {
        List<Path> candidates = new ArrayList<>();
        if (System.getenv("ACTIONLINT") != null) {
            candidates.add(Path.of(System.getenv("ACTIONLINT")));
        }
        for (String dir : System.getenv("PATH").split(File.pathSeparator)) {
            candidates.add(Path.of(dir, "actionlint"));
        }
        candidates.add(Path.of(System.getProperty("user.home"), "go", "bin", "actionlint"));
        return candidates.stream().filter(Files::isExecutable).findFirst().orElse(null);
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode step(JsonNode job, String nameOrAction) {
        return StreamSupport.stream(job.get("steps").spliterator(), false)
                .filter(s -> s.path("name").asText().startsWith(nameOrAction) || s.path("uses").asText().contains(nameOrAction))
                .findFirst().orElseThrow(() -> new AssertionError("no step " + nameOrAction));
    }

    private static Map<String, String> entry(JsonNode include, String name) {
        JsonNode found = StreamSupport.stream(include.spliterator(), false)
                .filter(e -> e.path("name").asText().equals(name) || e.path("NAME").asText().equals(name))
                .findFirst().orElseThrow();
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        found.fields().forEachRemaining(f -> fields.put(f.getKey(), f.getValue().asText()));
        return fields;
    }
}
