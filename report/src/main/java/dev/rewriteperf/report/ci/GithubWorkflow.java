package dev.rewriteperf.report.ci;

import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.Service;
import dev.rewriteperf.report.proc.Git;
import dev.rewriteperf.report.proc.PluginRun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A GitHub Actions workflow that runs a bulk run on the CI engine a team already has: a job that builds the pack and
 * the report tool once, one matrix job per service (its JDK, the exact dry-run command {@code bulk} runs, its
 * {@code target/rewrite} kept as an artifact, a time limit), batches of at most 256 services (the engine's matrix
 * limit) that do not stop each other, and a last job that runs {@code report} over every service's artifact.
 */
public final class GithubWorkflow {

    /** GitHub Actions runs at most this many jobs from one matrix. */
    static final int MATRIX_LIMIT = 256;

    private static final Pattern GITHUB = Pattern.compile("^(?:https://github\\.com/|git@github\\.com:)([\\w.-]+/[\\w.-]+?)(?:\\.git)?/?$");
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9._-]+");

    /**
     * What the workflow needs besides the services: where the pack is built from (a repository {@code OWNER/NAME}
     * with an optional {@code @REF}, or null for the repository the workflow runs in), the fleet repository's root
     * (local services are checked out from it), the per-run time limit in minutes, and the Maven runs.
     */
    public record Settings(Path repositoryRoot, String packRepository, double timeoutMinutes, PluginRun run) {
    }

    private final Settings settings;
    private final StringBuilder yaml = new StringBuilder();

    private GithubWorkflow(Settings settings) {
        this.settings = settings;
    }

    /**
     * Writes the workflow for {@code services} to {@code file} for {@code engine} ({@code github}, or {@code gitlab}
     * for {@link GitlabPipeline}) and says so; a service that cannot run there is named on
     * standard error, and nothing is written (exit code 2). Local services are checked out from the git repository the
     * file is in (else the one the current directory is in).
     */
    public static int write(String engine, Path file, List<Service> services, String packRepository, double timeoutMinutes,
                     PluginRun run) throws IOException {
        Path target = file.toAbsolutePath().normalize();
        List<String> refused = new ArrayList<>();
        for (Service service : services) {
            refuse(refused, engine, "service " + service.name() + "'s name", service.name());
            refuse(refused, engine, "service " + service.name() + "'s location (its URL or directory)", service.location());
            refuse(refused, engine, "service " + service.name() + "'s jdk", service.jdk());
        }
        for (String word : run.rewrite("dryRun")) { // --recipe, --pack, --plugin and every --maven-arg
            refuse(refused, engine, "the dry run's command", word);
        }
        refuse(refused, engine, "--pack-repository", packRepository == null ? "" : packRepository);
        if (!refused.isEmpty()) {
            refused.forEach(System.err::println);
            return 2;
        }
        Settings settings = new Settings(repositoryRoot(target.getParent()), packRepository, timeoutMinutes, run);
        String workflow;
        try {
            workflow = engine.equals("gitlab") ? GitlabPipeline.render(services, settings) : render(services, settings);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
        Files.createDirectories(target.getParent());
        Files.writeString(target, workflow, StandardCharsets.UTF_8);
        int limit = engine.equals("gitlab") ? GitlabPipeline.MATRIX_LIMIT : MATRIX_LIMIT;
        System.out.printf("%s: %d service(s) in %d matrix job(s) of at most %d, then the report%n", target, services.size(),
                (services.size() + limit - 1) / limit, limit);
        return 0;
    }

    /**
     * Says why {@code value} cannot go into the workflow, if it cannot: the engine would read an expression in it
     * (GitHub's {@code ${{ }}}, which could hand a URL's host the job's token; GitLab's {@code $VAR} in a matrix value)
     * rather than take it as written, or a line break would end the value. Values reach a job's shell only through
     * {@code env:} or matrix variables, quoted; refusing these keeps every value as written.
     */
    static void refuse(List<String> refused, String engine, String what, String value) {
        if (value.contains("\n") || value.contains("\r")) {
            refused.add(what + ": a line break cannot go into a workflow as written");
        } else if (engine.equals("github") && value.contains("${{")) {
            refused.add(what + " '" + value + "': GitHub would evaluate the ${{ }} expression in it (a secret or the " +
                        "job's token could reach the service's host); rename it or give it without ${{");
        } else if (engine.equals("gitlab") && value.contains("$")) {
            refused.add(what + " '" + value + "': GitLab would expand the $ variable in it; give it without $ (a clone " +
                        "that needs credentials can take them from git's credential helper in the runner)");
        }
    }

    private static Path repositoryRoot(Path from) {
        for (Path start : List.of(from, Path.of("").toAbsolutePath())) {
            for (Path dir = start; dir != null; dir = dir.getParent()) {
                if (Files.exists(dir.resolve(".git"))) {
                    return dir;
                }
            }
        }
        return Path.of("").toAbsolutePath();
    }

    /** The workflow's text; a service that cannot run there is an {@link IllegalArgumentException} naming it. */
    public static String render(List<Service> services, Settings settings) {
        return new GithubWorkflow(settings).write(services);
    }

    private String write(List<Service> services) {
        List<List<Service>> batches = new ArrayList<>();
        for (int from = 0; from < services.size(); from += MATRIX_LIMIT) {
            batches.add(services.subList(from, Math.min(services.size(), from + MATRIX_LIMIT)));
        }
        line(0, "# Generated by `rewrite-performance-report bulk --emit-workflow github`: run it again after editing the");
        line(0, "# services list rather than editing this file. Each service's job runs the dry run bulk runs locally.");
        line(0, "name: rewrite-performance fleet dry run");
        line(0, "on:");
        line(1, "workflow_dispatch:");
        line(0, "permissions:");
        line(1, "contents: read");
        line(0, "jobs:");
        packJob();
        for (int i = 0; i < batches.size(); i++) {
            serviceJob(i + 1, batches.get(i));
        }
        reportJob(services, batches.size());
        return yaml.toString();
    }

    private void packJob() {
        line(1, "pack:");
        line(2, "name: Build the pack and the report tool");
        line(2, "runs-on: ubuntu-latest");
        line(2, "timeout-minutes: 30");
        line(2, "steps:");
        line(3, "- uses: actions/checkout@v4");
        String repository = settings.packRepository();
        if (repository != null) {
            int at = repository.indexOf('@');
            line(4, "with:");
            line(5, "repository: " + quoted(at < 0 ? repository : repository.substring(0, at)));
            if (at >= 0) {
                line(5, "ref: " + quoted(repository.substring(at + 1)));
            }
        }
        setupJava(3, "'21'");
        line(3, "- name: Install the pack and build the report tool");
        line(4, "run: |");
        line(5, "mvn -B -ntp install -DskipTests");
        line(5, "mvn -B -ntp -f report/pom.xml package -DskipTests");
        line(5, "mkdir -p pack-artifact && cp -R ~/.m2/repository/dev/rewriteperf pack-artifact/");
        upload(3, "'rewrite-performance-pack'", "pack-artifact/", "error");
        line(3, "- uses: actions/upload-artifact@v4");
        line(4, "with:");
        line(5, "name: rewrite-performance-report-tool");
        line(5, "path: |");
        line(6, "report/target/rewrite-performance-report.jar");
        line(6, "benchmarks/results/");
        line(5, "if-no-files-found: error");
    }

    private void serviceJob(int batch, List<Service> services) {
        long timeout = (long) Math.ceil(settings.timeoutMinutes());
        line(1, "services-" + batch + ":");
        line(2, "name: dry run (${{ matrix.name }})");
        line(2, "needs: pack");
        line(2, "runs-on: ubuntu-latest");
        line(2, "timeout-minutes: " + (timeout + 15));
        line(2, "strategy:");
        line(3, "fail-fast: false");
        line(3, "matrix:");
        line(4, "include:");
        for (Service service : services) {
            matrixEntry(service);
        }
        line(2, "steps:");
        line(3, "- name: Check out the fleet repository (the service is in it)");
        line(4, "if: matrix.repository == '' && matrix.url == ''");
        line(4, "uses: actions/checkout@v4");
        line(3, "- name: Check out the service");
        line(4, "if: matrix.repository != ''");
        line(4, "uses: actions/checkout@v4");
        line(4, "with:");
        line(5, "repository: ${{ matrix.repository }}");
        line(5, "path: ${{ matrix.dir }}");
        line(5, "token: ${{ secrets.FLEET_TOKEN || github.token }}");
        line(3, "- name: Clone the service");
        line(4, "if: matrix.url != ''");
        line(4, "env:");
        line(5, "SERVICE_URL: ${{ matrix.url }}");
        line(5, "SERVICE_DIR: ${{ matrix.dir }}");
        line(4, "run: git clone --depth 1 \"$SERVICE_URL\" \"$SERVICE_DIR\"");
        setupJava(3, "${{ matrix.jdk }}");
        line(3, "- uses: actions/download-artifact@v4");
        line(4, "with:");
        line(5, "name: rewrite-performance-pack");
        line(5, "path: ${{ runner.temp }}/pack");
        line(3, "- name: Put the pack in the local Maven repository");
        line(4, "run: mkdir -p ~/.m2/repository/dev && cp -R \"$RUNNER_TEMP/pack/rewriteperf\" ~/.m2/repository/dev/");
        line(3, "- name: Dry run (the command bulk runs)");
        line(4, "working-directory: ${{ matrix.dir }}");
        line(4, "timeout-minutes: " + timeout);
        line(4, "run: |");
        line(5, PluginRun.shellLine(settings.run().rewrite("dryRun")));
        line(3, "- if: always()");
        line(4, "uses: actions/upload-artifact@v4");
        line(4, "with:");
        line(5, "name: service-${{ matrix.name }}");
        line(5, "path: ${{ matrix.dir }}/target/rewrite/");
        line(5, "if-no-files-found: warn");
    }

    private void matrixEntry(Service service) {
        String[] place = placeOf(service, settings);
        line(5, "- name: " + quoted(service.name()));
        line(6, "jdk: " + quoted(service.jdk()));
        line(6, "repository: " + quoted(place[0]));
        line(6, "url: " + quoted(place[1]));
        line(6, "dir: " + quoted(place[2]));
    }

    /**
     * Where a service is in a CI job: its GitHub repository ({@code OWNER/NAME}, or empty), any other git URL (or
     * empty), and the directory its build runs in (a remote service's clone, or a local one's place in the
     * repository the workflow runs in). A service that cannot run there is an {@link IllegalArgumentException}.
     */
    static String[] placeOf(Service service, Settings settings) {
        if (!SAFE_NAME.matcher(service.name()).matches()) {
            throw new IllegalArgumentException("service name '" + service.name() + "' is not usable in an artifact name: " +
                                               "name it with NAME= (letters, digits, '.', '_', '-')");
        }
        if (!service.remote()) {
            return new String[]{"", "", inRepository(service, settings)};
        }
        Matcher github = GITHUB.matcher(service.location());
        String dir = "services/" + service.name();
        return github.matches() ? new String[]{github.group(1), "", dir} : new String[]{"", service.location(), dir};
    }

    /** A local service's directory relative to the fleet repository's root, which the workflow checks out. */
    private static String inRepository(Service service, Settings settings) {
        Path root = settings.repositoryRoot().toAbsolutePath().normalize();
        Path dir = Path.of(service.location()).toAbsolutePath().normalize();
        if (!dir.startsWith(root)) {
            throw new IllegalArgumentException("service " + service.name() + " (" + service.location() + ") is not in the " +
                                               "repository the workflow runs in (" + root + "): give its git URL instead");
        }
        String relative = root.relativize(dir).toString().replace('\\', '/');
        String pom = relative.isEmpty() ? "pom.xml" : relative + "/pom.xml";
        if (!Git.tracks(root, pom)) {
            throw new IllegalArgumentException("service " + service.name() + " (" + service.location() + ") is not committed " +
                                               "to the repository the workflow runs in (" + root + ": ignored, a submodule " +
                                               "or a clone of its own), so a checkout would not have it: give its git URL instead");
        }
        return relative.isEmpty() ? "." : relative;
    }

    private void reportJob(List<Service> services, int batches) {
        List<String> needs = new ArrayList<>(List.of("pack"));
        for (int i = 1; i <= batches; i++) {
            needs.add("services-" + i);
        }
        line(1, "report:");
        line(2, "name: Report over every service");
        line(2, "needs: [" + String.join(", ", needs) + "]");
        line(2, "if: always() && needs.pack.result == 'success'");
        line(2, "runs-on: ubuntu-latest");
        line(2, "timeout-minutes: 30");
        line(2, "steps:");
        setupJava(3, "'21'");
        line(3, "- uses: actions/download-artifact@v4");
        line(4, "with:");
        line(5, "name: rewrite-performance-report-tool");
        line(5, "path: tool");
        line(3, "- uses: actions/download-artifact@v4");
        line(4, "with:");
        line(5, "pattern: service-*");
        line(5, "path: services");
        line(3, "- name: Write the report (a service without an artifact is listed as a problem)");
        line(4, "run: |");
        line(5, "java -jar tool/report/target/rewrite-performance-report.jar report --benchmarks tool/benchmarks/results \\");
        for (int i = 0; i < services.size(); i++) {
            String name = services.get(i).name();
            line(7, name + "=services/service-" + name + " \\");
        }
        line(7, "--out rewrite-report");
        line(5, "head -c 900000 rewrite-report/report.md >> \"$GITHUB_STEP_SUMMARY\"");
        upload(3, "'rewrite-performance-report'", "rewrite-report/", "error");
    }

    private void setupJava(int indent, String version) {
        line(indent, "- uses: actions/setup-java@v4");
        line(indent + 1, "with:");
        line(indent + 2, "distribution: temurin");
        line(indent + 2, "java-version: " + version);
    }

    private void upload(int indent, String name, String path, String ifNone) {
        line(indent, "- uses: actions/upload-artifact@v4");
        line(indent + 1, "with:");
        line(indent + 2, "name: " + name);
        line(indent + 2, "path: " + path);
        line(indent + 2, "if-no-files-found: " + ifNone);
    }

    private void line(int indent, String text) {
        yaml.append("  ".repeat(indent)).append(text).append('\n');
    }

    /** A YAML single-quoted scalar: nothing in it is special but the quote, which is doubled. */
    static String quoted(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
