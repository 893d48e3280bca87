package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.RunStatus;
import dev.rewriteperf.report.model.Service;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.proc.Directories;
import dev.rewriteperf.report.proc.Exec;
import dev.rewriteperf.report.proc.PluginRun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One bulk run: the pack with the stock plugin in every service (a local project, or a git URL cloned into the
 * workspace), {@code parallel} at a time, each with its own log and time limit. The run has an identity ({@link #id}):
 * a service's findings are those this run kept ({@link Findings}), or those of the earlier run that finished it in the
 * same mode when a bulk run resumes. A service that fails, times out or is interrupted shows no findings, and says
 * that the last good run's are not shown.
 */
public final class BulkRun {

    /** What the run does, with what: the options of {@code bulk} that reach the services. */
    public record Settings(Path workspace, PluginRun run, int parallel, double timeoutMinutes, boolean apply, boolean verify,
                           boolean rerun, String branch, String progress, Gains gains) {
    }

    private final Settings settings;
    private final String id;
    private final Path workspace;
    /** Each service's branch: {@code --branch}, or with the service's name after it where services share a repository. */
    private Map<String, String> branches = Map.of();

    public BulkRun(Settings settings, String id) {
        this.settings = settings;
        this.id = id;
        this.workspace = settings.workspace().toAbsolutePath().normalize();
    }

    /** Runs started by this process, so that two in the same second have ids apart. */
    private static final AtomicInteger STARTED = new AtomicInteger();

    /**
     * A run's identity: when it started (UTC), its process, and which of the process's runs it is, e.g.
     * {@code 20261125T043512Z-4711-1}.
     */
    public static String newId() {
        String time = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                .withZone(java.time.ZoneOffset.UTC).format(java.time.Instant.now());
        return time + "-" + ProcessHandle.current().pid() + "-" + STARTED.incrementAndGet();
    }

    /** Every service, {@code parallel} at a time, in the order given; the progress on standard error. */
    public List<ServiceResult> runAll(List<Service> all) throws IOException, InterruptedException {
        for (String folder : List.of("logs", "state", "findings")) {
            Files.createDirectories(workspace.resolve(folder));
        }
        if (settings.branch() != null) {
            branches = BranchRun.names(settings.branch(), all, workspace);
        }
        ExecutorService pool = Executors.newFixedThreadPool(settings.parallel());
        List<Future<ServiceResult>> runs = new ArrayList<>();
        try (Progress shown = new Progress(System.err, Progress.live(settings.progress()), all.size(), System::nanoTime)) {
            for (Service service : all) {
                runs.add(pool.submit(() -> {
                    shown.started(service.name());
                    ServiceResult result = run(service);
                    shown.finished(result, result.status().failed(), !result.status().earlierRun().isEmpty());
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
            pool.shutdownNow();
        }
    }

    /**
     * What this run does to a service, and with what (recipe, pack, plugin, Maven arguments): a service finished by a
     * run of another mode, or of another pack or recipe, is run again.
     */
    private String mode() {
        PluginRun run = settings.run();
        String what = (settings.branch() != null ? "branch " + settings.branch() : settings.apply() ? "run" : "dryRun") +
                      (settings.verify() ? " verify" : "");
        return what + " " + Integer.toHexString(Objects.hash(run.recipe(), run.pack(), run.plugin(), run.mavenArgs()));
    }

    private ServiceResult run(Service service) {
        String name = service.name();
        Path log = workspace.resolve("logs").resolve(name + ".log");
        Path stateFile = workspace.resolve("state").resolve(name + ".properties");
        Path findings = workspace.resolve("findings").resolve(name);
        ServiceState previous = ServiceState.read(stateFile);
        String kept = Findings.runOf(findings);
        try {
            if (!settings.rerun() && previous != null && previous.finishedIn(mode()) && kept.equals(previous.runId())) {
                return Findings.read(name, findings).withStatus(previous.status().fromEarlierRun(previous.runId()), List.of());
            }
            Files.writeString(log, "=== bulk run " + id + " (" + mode() + ") ===\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            // Started, not finished: a run killed from here on (a signal, kill -9) leaves the service to be run again,
            // never an earlier run's "finished" state beside findings that are not this run's. A branch's commit is
            // kept, so that --rerun may still replace the branch this tool made.
            new ServiceState(id, mode(), RunStatus.of(RunStatus.Kind.INTERRUPTED), false, commitOf(previous)).write(stateFile);
            Path dir = service.directory(workspace);
            Exec exec = new Exec(settings.timeoutMinutes());
            if (service.remote() && !Files.isDirectory(dir)) {
                // Into a folder of its own, moved into place once complete: a clone cut short (a signal, the time limit)
                // must not pass for the service on the next run.
                Path cloning = dir.resolveSibling(dir.getFileName() + ".cloning-" + id);
                Files.createDirectories(dir.getParent());
                Exec.Outcome clone = exec.run(List.of("git", "clone", "--depth", "1", service.location(), cloning.toString()), workspace, log);
                if (!clone.ok()) {
                    Directories.deleteRecursively(cloning);
                    return failed(name, failure(clone, "clone " + clone), "the clone " + clone.withErrors() + "; see " + log, kept, stateFile);
                }
                Files.move(cloning, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
            if (!Files.isDirectory(dir)) {
                return failed(name, RunStatus.of(RunStatus.Kind.FAILED), "no such directory: " + dir + "; see " + log, kept, stateFile);
            }
            if (!Files.isRegularFile(dir.resolve("pom.xml"))) {
                return failed(name, RunStatus.of(RunStatus.Kind.FAILED), "not a Maven project (no pom.xml in " + dir + ")", kept, stateFile);
            }
            if (settings.branch() != null) {
                return onBranch(name, dir, log, findings, previous, kept, stateFile, exec);
            }
            return inPlace(name, dir, log, findings, kept, stateFile, exec);
        } catch (IOException | RuntimeException e) {
            // one service's trouble is its own: the others go on
            return failed(name, RunStatus.of(RunStatus.Kind.FAILED), e + "; see " + log, kept, stateFile);
        }
    }

    /** A dry run, or with {@code --apply} the run in the service's own directory (then its formatter); then any verify. */
    private ServiceResult inPlace(String name, Path dir, Path log, Path findings, String kept, Path stateFile, Exec exec)
            throws IOException {
        PluginRun run = settings.run();
        String goal = settings.apply() ? "run" : "dryRun";
        Directories.deleteRecursively(dir.resolve("target/rewrite")); // what is there after the run is this run's
        Exec.Outcome rewrite = exec.run(run.rewrite(goal), dir, log);
        String what = settings.apply() ? "run" : "dry run";
        if (!rewrite.ok()) {
            return failed(name, failure(rewrite, what + " " + rewrite), "the " + what + " " + rewrite.withErrors() + "; see " + log,
                    kept, stateFile);
        }
        List<String> notes = new ArrayList<>();
        if (settings.apply()) {
            Formatter.note(notes, Formatter.format(dir, run, exec, log));
            notes.addAll(AppliedPatch.write(dir));
        }
        RunStatus status = RunStatus.of(RunStatus.Kind.OK);
        if (settings.verify()) {
            status = ScratchVerify.verify(workspace.resolve("verify").resolve(name), dir, run, exec, log, !settings.apply(), notes);
            if (!status.hasFindings()) {
                return failed(name, status, status.kind() == RunStatus.Kind.INTERRUPTED ? "interrupted while verifying" :
                        status.text() + " (the change could not be applied in the scratch copy); see " + log, kept, stateFile);
            }
        }
        Findings.keep(dir, findings, id);
        new ServiceState(id, mode(), status, true, "").write(stateFile);
        List<String> problems = status.kind() == RunStatus.Kind.VERIFY_RED ? List.of("verify: red; see " + log) : List.of();
        return Findings.read(name, findings).withStatus(status, problems, notes);
    }

    private ServiceResult onBranch(String name, Path dir, Path log, Path findings, ServiceState previous, String kept,
                                   Path stateFile, Exec exec) throws IOException {
        String replaceable = settings.rerun() ? commitOf(previous) : "";
        boolean triedBefore = previous != null && previous.mode().startsWith("branch ");
        BranchRun.Outcome outcome = new BranchRun(branches.get(name), workspace, settings.run(), exec, settings.verify(),
                settings.gains(), replaceable, triedBefore).apply(name, dir, log);
        if (!outcome.status().hasFindings()) {
            ServiceResult failed = failed(name, outcome.status(), null, kept, stateFile);
            return failed.withStatus(outcome.status(), outcome.problems());
        }
        Findings.keep(outcome.project(), findings, id);
        new ServiceState(id, mode(), outcome.status(), outcome.finished(), outcome.commit()).write(stateFile);
        return Findings.read(name, findings).withStatus(outcome.status(), outcome.problems(), outcome.checks());
    }

    /** The commit a service's branch was made with, as its state records it; empty without one. */
    private static String commitOf(ServiceState state) {
        return state == null ? "" : state.commit();
    }

    /** The status of a command that did not end well: stopped by a signal, out of time, or failed. */
    private static RunStatus failure(Exec.Outcome outcome, String detail) {
        if (outcome.interrupted()) {
            return RunStatus.of(RunStatus.Kind.INTERRUPTED);
        }
        return RunStatus.of(outcome.timedOut() ? RunStatus.Kind.TIMED_OUT : RunStatus.Kind.RUN_FAILED, detail);
    }

    /**
     * A service whose run did not end well: no findings (what its output holds is not this run's), the state saved
     * so that a rerun tries it again, and a note when an earlier run's findings exist that are not shown.
     */
    private ServiceResult failed(String name, RunStatus status, String problem, String kept, Path stateFile) {
        try {
            ServiceState started = ServiceState.read(stateFile);
            new ServiceState(id, mode(), status, false, commitOf(started)).write(stateFile);
        } catch (IOException e) {
            // the next run finds no state and runs the service again, which is what a failed service needs anyway
        }
        List<String> notes = kept.isEmpty() ? List.of() :
                List.of("the findings of its last good run (" + kept + ") are not shown: this run's " +
                        (status.kind() == RunStatus.Kind.INTERRUPTED ? "was interrupted" : "failed"));
        return ServiceResult.failed(name, status, problem == null ? List.of() : List.of(problem), notes);
    }
}
