package dev.rewriteperf.report.cli;

import dev.rewriteperf.report.bulk.BulkRun;
import dev.rewriteperf.report.bulk.WorkspaceLock;
import dev.rewriteperf.report.ci.GithubWorkflow;
import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.Service;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.proc.PluginRun;
import dev.rewriteperf.report.read.ProfileJoin;
import dev.rewriteperf.report.render.ReportFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bulk SERVICE...}: checks its options and its folders, takes the workspace, runs the pack in every service
 * ({@link BulkRun}), then writes the report over all of them. A service that finished is not run again on a rerun (its
 * state file says so), so an interrupted bulk run resumes; a service that fails or times out is reported and does not
 * stop the others, and makes the exit code 1.
 */
@Command(name = "bulk", mixinStandardHelpOptions = true,
        description = "Dry-runs (or applies) the pack in many services with bounded parallelism, then writes the report.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every service ran as it should (ok, verify: green or no tests, a branch or no change)",
                        "1:a service failed, timed out, was interrupted or its verify was red (the report says which)",
                        "2:a bad invocation: an unknown or invalid option, a bad services list, a folder that cannot be " +
                        "written, or the workspace in use by another run; nothing was run"})
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

    @Spec
    CommandSpec spec;

    @Option(names = "--parallel", defaultValue = "2", description = "Services run at once, 1 or more (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--timeout", paramLabel = "MINUTES", defaultValue = "30", description = "Time limit per Maven run, in minutes, more than 0 (default: ${DEFAULT-VALUE}).")
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

    @Override
    public Integer call() throws Exception {
        List<Service> all = services();
        checkOptions();
        if (emitWorkflow != null) {
            return emitWorkflow(all);
        }
        Path ws = workspace.toAbsolutePath().normalize();
        checkPlaces(all, ws);
        Path reportDir = (out != null ? out : ws.resolve("report")).toAbsolutePath().normalize();
        Folders.checkWritable(spec, ws, "--workspace");
        Folders.checkWritable(spec, reportDir, "--out");
        String id = BulkRun.newId();
        try (WorkspaceLock lock = WorkspaceLock.take(ws, id)) {
            if (!lock.takenOver().isEmpty()) {
                System.err.println("took over the workspace from a run that ended without letting it go (" + lock.takenOver() + ")");
            }
            List<String> problems = new ArrayList<>();
            Gains gains = benchmarks == null ? Gains.none() : Gains.read(benchmarks, problems);
            BulkRun.Settings settings = new BulkRun.Settings(ws, pluginRun(), parallel, timeoutMinutes, apply, verify, rerun,
                    branch, progress, gains);
            List<ServiceResult> results = new BulkRun(settings, id).runAll(all);
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
            Report report = new Report(ProfileJoin.withProfiles(results, recordings, packages), gains, problems,
                    apply ? Report.Kind.APPLIED : Report.Kind.DRY_RUN, id);
            ReportFiles.write(report, reportDir);
            return results.stream().anyMatch(r -> r.status().failed()) ? 1 : 0;
        } catch (WorkspaceLock.Busy e) {
            System.err.println(e.getMessage());
            return 2;
        }
    }

    /** The services of the arguments and the list; a bad list or shared names are a bad invocation. */
    private List<Service> services() throws IOException {
        if (!jdk.matches("\\d+")) {
            throw new ParameterException(spec.commandLine(), "--jdk " + jdk + ": a JDK's major version, e.g. 21");
        }
        List<Service> all;
        try {
            all = Service.all(services, list, jdk);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (all.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "no services: give SERVICE arguments or --list FILE");
        }
        List<String> shared = Service.sharedNames(all);
        if (!shared.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "services share a name (" + String.join(", ", shared) + "): " +
                                                             "they would share a clone, a log and an artifact; name them apart with NAME=");
        }
        return all;
    }

    /** Every option checked before any Maven runs: a mistake costs a message, not a fleet's worth of builds. */
    private void checkOptions() {
        if (parallel < 1) {
            throw new ParameterException(spec.commandLine(), "--parallel " + parallel + ": at least 1 service must run at a time");
        }
        if (!(timeoutMinutes > 0) || Double.isInfinite(timeoutMinutes)) {
            throw new ParameterException(spec.commandLine(), "--timeout " + timeoutMinutes + ": the time limit must be more than 0 minutes");
        }
        if (!List.of("auto", "live", "plain").contains(progress)) {
            throw new ParameterException(spec.commandLine(), "--progress " + progress + ": auto, live or plain");
        }
        if (branch != null && !apply) {
            throw new ParameterException(spec.commandLine(), "--branch goes with --apply: a branch holds the applied change");
        }
        if (branch != null && (!branch.matches("[A-Za-z0-9._/-]+") || branch.startsWith("-") || branch.contains(".."))) {
            throw new ParameterException(spec.commandLine(), "--branch " + branch + ": not a branch name this tool makes " +
                                                             "(letters, digits, '.', '_', '-', '/')");
        }
        for (Map.Entry<String, Path> folder : Map.of("--benchmarks", optional(benchmarks), "--profiles", optional(profiles)).entrySet()) {
            if (!folder.getValue().toString().isEmpty() && !Files.isDirectory(folder.getValue())) {
                throw new ParameterException(spec.commandLine(), folder.getKey() + " " + folder.getValue() + ": no such directory");
            }
        }
    }

    /**
     * A workspace inside a local service would be copied into itself by {@code --verify} and read as the service's
     * own files by its formatter; two services in one directory would run in it at once and read each other's output.
     */
    private void checkPlaces(List<Service> all, Path ws) {
        Map<Path, String> seen = new LinkedHashMap<>();
        for (Service service : all) {
            if (service.remote()) {
                continue;
            }
            Path dir = Path.of(service.location()).toAbsolutePath().normalize();
            if (ws.startsWith(dir)) {
                throw new ParameterException(spec.commandLine(), "--workspace " + ws + " is inside service " + service.name() +
                                                                 " (" + dir + "): give a workspace outside every service");
            }
            String other = seen.putIfAbsent(real(dir), service.name());
            if (other != null) {
                throw new ParameterException(spec.commandLine(), "services " + other + " and " + service.name() +
                                                                 " are one directory (" + dir + "): give it once");
            }
        }
    }

    private static Path real(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir; // not there: the run says so for this service alone
        }
    }

    private static Path optional(Path path) {
        return path == null ? Path.of("") : path;
    }

    private int emitWorkflow(List<Service> all) throws IOException {
        if (!emitWorkflow.equals("github") && !emitWorkflow.equals("gitlab")) {
            throw new ParameterException(spec.commandLine(), "--emit-workflow " + emitWorkflow + ": the engines this writes for are github and gitlab");
        }
        Path file = workflowFile != null ? workflowFile : Path.of(emitWorkflow.equals("github") ?
                ".github/workflows/rewrite-performance.yml" : "rewrite-performance.gitlab-ci.yml");
        return GithubWorkflow.write(emitWorkflow, file, all, packRepository, timeoutMinutes, pluginRun().withMaven("mvn"));
    }

    private PluginRun pluginRun() {
        return new PluginRun(maven, plugin, pack, recipe, mavenArgs);
    }
}
