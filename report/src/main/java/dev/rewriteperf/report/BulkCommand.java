package dev.rewriteperf.report;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code bulk SERVICE...}: runs the pack with the stock rewrite-maven-plugin in every service (a local project, or a
 * git URL cloned with the machine's git), a few at a time, each with its own log and time limit, then writes the
 * report over all of them. A service that finished is not run again on a rerun (its state file says so), so an
 * interrupted bulk run resumes; a service that fails or times out is reported and does not stop the others.
 */
@Command(name = "bulk", mixinStandardHelpOptions = true,
        description = "Dry-runs (or applies) the pack in many services with bounded parallelism, then writes the report.")
public final class BulkCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SERVICE", arity = "0..*", description = "A project directory or git URL; NAME=... names it.")
    List<String> services = new ArrayList<>();

    @Option(names = "--list", paramLabel = "FILE", description = "A file with one SERVICE per line (# starts a comment).")
    Path list;

    @Option(names = "--workspace", paramLabel = "DIR", defaultValue = "bulk-work",
            description = "Clones, logs and per-service state (default: ${DEFAULT-VALUE}).")
    Path workspace;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the report goes (default: WORKSPACE/report).")
    Path out;

    @Option(names = "--recipe", defaultValue = "dev.rewriteperf.PerformanceBestPractices", description = "Recipe to run (default: ${DEFAULT-VALUE}).")
    String recipe;

    @Option(names = "--pack", defaultValue = "dev.rewriteperf:rewrite-performance:0.1.0-SNAPSHOT", description = "The pack's coordinates (default: ${DEFAULT-VALUE}).")
    String pack;

    @Option(names = "--plugin", defaultValue = "org.openrewrite.maven:rewrite-maven-plugin:6.45.0", description = "The plugin (default: ${DEFAULT-VALUE}).")
    String plugin;

    @Option(names = "--maven", defaultValue = "mvn", description = "The Maven command (default: ${DEFAULT-VALUE}).")
    String maven;

    @Option(names = "--maven-arg", paramLabel = "ARG", description = "An extra argument for every Maven run, e.g. -Dmaven.compiler.release=11.")
    List<String> mavenArgs = new ArrayList<>();

    @Option(names = "--parallel", defaultValue = "2", description = "Services run at once (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--timeout", paramLabel = "MINUTES", defaultValue = "30", description = "Time limit per Maven run, in minutes (default: ${DEFAULT-VALUE}).")
    double timeoutMinutes;

    @Option(names = "--apply", description = "rewrite:run instead of rewrite:dryRun: changes the services' files.")
    boolean apply;

    @Option(names = "--verify", description = "Apply in a scratch copy of each service and run its build and tests (mvn verify): green or red.")
    boolean verify;

    @Option(names = "--rerun", description = "Run every service again, also those a previous bulk run finished.")
    boolean rerun;

    @Option(names = "--benchmarks", paramLabel = "DIR", description = "The benchmarks' JMH result files, for the measured gains.")
    Path benchmarks;

    @Option(names = "--profiles", paramLabel = "DIR",
            description = "JFR recordings, one per service named SERVICE.jfr: its spots are ranked by what they sampled.")
    Path profiles;

    @Option(names = "--package", paramLabel = "PREFIX",
            description = "With --profiles: the services' own packages (repeatable); default: every class outside the JDK.")
    List<String> packages = new ArrayList<>();

    @Option(names = "--branch", paramLabel = "NAME",
            description = "With --apply: commit each service's change on a new branch NAME of its repository (in a worktree " +
                          "under WORKSPACE/branches; the service's own checkout is not touched), with the commit message " +
                          "and a pull-request body in WORKSPACE/pull-requests/SERVICE. Nothing is pushed; a service whose " +
                          "--verify is red gets no branch.")
    String branch;

    @Option(names = "--emit-workflow", paramLabel = "ENGINE",
            description = "Write a CI workflow that runs these services on ENGINE (github: GitHub Actions; gitlab: GitLab " +
                          "CI) instead of running them here: one matrix job per service with the dry run bulk runs, then " +
                          "the report.")
    String emitWorkflow;

    @Option(names = "--workflow-file", paramLabel = "FILE",
            description = "Where --emit-workflow writes (default: .github/workflows/rewrite-performance.yml for github, " +
                          "rewrite-performance.gitlab-ci.yml, to include from .gitlab-ci.yml, for gitlab).")
    Path workflowFile;

    @Option(names = "--pack-repository", paramLabel = "OWNER/NAME[@REF]",
            description = "With --emit-workflow: the repository the workflow builds the pack from (default: the one it runs in).")
    String packRepository;

    @Option(names = "--jdk", defaultValue = "17",
            description = "With --emit-workflow: the JDK of a service whose list line says no jdk=N and whose pom names no " +
                          "Java release (default: ${DEFAULT-VALUE}).")
    String jdk;

    @Option(names = "--progress", defaultValue = "auto",
            description = "auto (a live status line on a terminal, plain lines otherwise), live or plain (default: ${DEFAULT-VALUE}).")
    String progress;

    private static final String EARLIER_RUN = " (earlier run)";

    /** Each service's branch: {@code --branch}, or with the service's name after it where services share a repository. */
    private Map<String, String> branches = Map.of();

    @Override
    public Integer call() throws Exception {
        List<Service> all;
        try {
            all = Service.all(services, list, jdk);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
        if (all.isEmpty()) {
            System.err.println("no services: give SERVICE arguments or --list FILE");
            return 2;
        }
        List<String> shared = Service.sharedNames(all);
        if (!shared.isEmpty()) {
            System.err.println("services share a name (" + String.join(", ", shared) + "): they would share a clone, a log " +
                               "and an artifact; name them apart with NAME=");
            return 2;
        }
        if (emitWorkflow != null) {
            return emitWorkflow(all);
        }
        if (branch != null && !apply) {
            System.err.println("--branch goes with --apply: a branch holds the applied change");
            return 2;
        }
        Files.createDirectories(workspace.resolve("logs"));
        Files.createDirectories(workspace.resolve("state"));
        List<String> problems = new ArrayList<>();
        Gains gains = benchmarks == null ? Gains.none() : Gains.read(benchmarks, problems);
        if (branch != null) {
            branches = BranchRun.names(branch, all, workspace);
        }
        List<ServiceResult> results = runAll(all, gains);
        Map<String, Path> recordings = new LinkedHashMap<>();
        for (ServiceResult result : results) {
            Path recording = profiles == null ? null : profiles.resolve(result.name() + ".jfr");
            if (recording != null && Files.isRegularFile(recording)) {
                recordings.put(result.name(), recording);
            }
        }
        if (profiles != null && recordings.isEmpty()) {
            problems.add("--profiles " + profiles + ": no SERVICE.jfr for any of the services");
        }
        ReportCommand.write(new Report(ReportCommand.withProfiles(results, recordings, packages), gains, problems),
                out != null ? out : workspace.resolve("report"));
        return 0;
    }

    /** Every service, {@code parallel} at a time, in the order given; the progress on standard error. */
    private List<ServiceResult> runAll(List<Service> all, Gains gains) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
        List<Future<ServiceResult>> runs = new ArrayList<>();
        try (Progress shown = new Progress(System.err, Progress.live(progress), all.size(), System::nanoTime)) {
            for (Service service : all) {
                runs.add(pool.submit(() -> {
                    shown.started(service.name());
                    ServiceResult result = run(service, gains);
                    shown.finished(result, isFailure(result.status()), result.status().endsWith(EARLIER_RUN));
                    return result;
                }));
            }
            List<ServiceResult> results = new ArrayList<>();
            for (Future<ServiceResult> run : runs) {
                try {
                    results.add(run.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException(e.getCause());
                }
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }

    /** The statuses of a service whose run did not end as it should: see {@link #run} and {@link BranchRun}. */
    private static boolean isFailure(String status) {
        return status.startsWith("failed") || status.startsWith("dry run ") || status.startsWith("run ") ||
               status.startsWith("verify: red");
    }

    private int emitWorkflow(List<Service> all) throws IOException {
        if (!emitWorkflow.equals("github") && !emitWorkflow.equals("gitlab")) {
            System.err.println("--emit-workflow " + emitWorkflow + ": the engines this writes for are github and gitlab");
            return 2;
        }
        Path file = workflowFile != null ? workflowFile : Path.of(emitWorkflow.equals("github") ?
                ".github/workflows/rewrite-performance.yml" : "rewrite-performance.gitlab-ci.yml");
        return GithubWorkflow.write(emitWorkflow, file, all, packRepository, timeoutMinutes, pluginRun().withMaven("mvn"));
    }

    private PluginRun pluginRun() {
        return new PluginRun(maven, plugin, pack, recipe, mavenArgs);
    }

    /**
     * What this run does to a service, and with what (recipe, pack, plugin, Maven arguments): a service finished by a
     * run of another mode, or of another pack or recipe, is run again.
     */
    private String mode() {
        String what = (branch != null ? "branch " + branch : apply ? "run" : "dryRun") + (verify ? " verify" : "");
        return what + " " + Integer.toHexString(Objects.hash(recipe, pack, plugin, mavenArgs));
    }

    private ServiceResult run(Service service, Gains gains) {
        String name = service.name();
        Path log = workspace.resolve("logs").resolve(name + ".log");
        Path state = workspace.resolve("state").resolve(name + ".properties");
        Path dir = service.directory(workspace);
        Exec exec = new Exec(timeoutMinutes);
        try {
            Properties finished = ServiceState.finished(state, mode(), rerun);
            if (finished != null) {
                Path output = Path.of(finished.getProperty("output", dir.toString()));
                return DryRunReader.read(name, output).withStatus(finished.getProperty("status") + EARLIER_RUN, List.of());
            }
            if (service.remote() && !Files.isDirectory(dir)) {
                Exec.Outcome clone = exec.run(List.of("git", "clone", "--depth", "1", service.location(), dir.toString()), workspace, log);
                if (!clone.ok()) {
                    return failed(name, "clone " + clone, log);
                }
            }
            if (!Files.isDirectory(dir)) {
                return failed(name, "no such directory: " + dir, log);
            }
            if (!Files.isRegularFile(dir.resolve("pom.xml"))) {
                return failed(name, "not a Maven project (no pom.xml in " + dir + ")", log);
            }
            if (branch != null) {
                BranchRun.Outcome outcome = new BranchRun(branches.get(name), workspace, pluginRun(), exec, verify, gains)
                        .apply(name, dir, log);
                ServiceState.save(state, mode(), outcome.status(), outcome.finished(), outcome.project());
                return DryRunReader.read(name, outcome.project()).withStatus(outcome.status(), outcome.problems(), outcome.checks());
            }
            return runInPlace(name, dir, log, state, exec);
        } catch (IOException | RuntimeException e) {
            return failed(name, e.toString(), log); // one service's trouble is its own: the others go on
        }
    }

    /** A dry run, or with {@code --apply} the run in the service's own directory (then its formatter); then any verify. */
    private ServiceResult runInPlace(String name, Path dir, Path log, Path state, Exec exec) throws IOException {
        Exec.Outcome rewrite = exec.run(pluginRun().rewrite(apply ? "run" : "dryRun"), dir, log);
        String status = rewrite.ok() ? "ok" : (apply ? "run " : "dry run ") + rewrite;
        List<String> problems = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (!rewrite.ok()) {
            problems.add("the " + (apply ? "run" : "dry run") + " " + rewrite + "; see " + log);
        } else {
            if (apply) {
                Formatter.note(notes, Formatter.format(dir, pluginRun(), exec, log));
            }
            if (verify) {
                status = ScratchVerify.verify(workspace.resolve("verify").resolve(name), dir, pluginRun(), exec, log, !apply, notes);
            }
        }
        ServiceState.save(state, mode(), status, rewrite.ok(), dir);
        return DryRunReader.read(name, dir).withStatus(status, problems, notes);
    }

    private ServiceResult failed(String name, String why, Path log) {
        return new ServiceResult(name, "failed", List.of(), List.of(), List.of(why + "; see " + log));
    }
}
