package dev.rewriteperf.report;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

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

    @Override
    public Integer call() throws Exception {
        List<String> all = new ArrayList<>(services);
        if (list != null) {
            for (String line : Files.readAllLines(list)) {
                String service = line.replaceFirst("#.*", "").trim();
                if (!service.isEmpty()) {
                    all.add(service);
                }
            }
        }
        if (all.isEmpty()) {
            System.err.println("no services: give SERVICE arguments or --list FILE");
            return 2;
        }
        Files.createDirectories(workspace.resolve("logs"));
        Files.createDirectories(workspace.resolve("state"));
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
        List<Future<ServiceResult>> runs = new ArrayList<>();
        for (String service : all) {
            runs.add(pool.submit(() -> {
                ServiceResult result = run(service);
                System.err.printf("[%d/%d] %s: %s (%d change(s), %d left alone)%n", done.incrementAndGet(), all.size(),
                        result.name(), result.status(), result.changes(), result.leftAlone());
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
        pool.shutdown();
        List<String> problems = new ArrayList<>();
        Gains gains = benchmarks == null ? Gains.none() : Gains.read(benchmarks, problems);
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

    private ServiceResult run(String service) {
        int equals = service.indexOf('=');
        String location = equals >= 0 ? service.substring(equals + 1) : service;
        boolean remote = location.contains("://") || location.startsWith("git@");
        String name = equals >= 0 ? service.substring(0, equals) :
                remote ? location.replaceFirst("/+$", "").replaceFirst("\\.git$", "").replaceFirst(".*[/:]", "") :
                        ReportCommand.nameOf(Path.of(location));
        Path log = workspace.resolve("logs").resolve(name + ".log");
        Path state = workspace.resolve("state").resolve(name + ".properties");
        Path dir = remote ? workspace.resolve("clones").resolve(name) : Path.of(location);
        try {
            Properties finished = finished(state);
            if (finished != null) {
                return DryRunReader.read(name, dir).withStatus(finished.getProperty("status") + " (earlier run)", List.of());
            }
            if (remote && !Files.isDirectory(dir)) {
                Outcome clone = exec(List.of("git", "clone", "--depth", "1", location, dir.toString()), workspace, log);
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
            Outcome rewrite = exec(maven(apply ? "run" : "dryRun"), dir, log);
            String status = rewrite.ok() ? "ok" : "dry run " + rewrite;
            List<String> problems = new ArrayList<>();
            if (!rewrite.ok()) {
                problems.add("the " + (apply ? "run" : "dry run") + " " + rewrite + "; see " + log);
            } else if (verify) {
                status = verify(name, dir, log);
            }
            save(state, status, rewrite.ok());
            return DryRunReader.read(name, dir).withStatus(status, problems);
        } catch (IOException e) {
            return failed(name, e.toString(), log);
        }
    }

    /** Applies the recipe in a scratch copy and builds it with its tests: {@code verify: green} or {@code verify: red}. */
    private String verify(String name, Path dir, Path log) throws IOException {
        Path scratch = workspace.resolve("verify").resolve(name);
        deleteRecursively(scratch);
        copy(dir, scratch);
        Outcome applied = exec(maven("run"), scratch, log);
        Outcome build = applied.ok() ? exec(withArgs(List.of(maven, "-B", "-ntp", "verify")), scratch, log) : applied;
        return build.ok() ? "verify: green" : "verify: red (" + build + ")";
    }

    private List<String> maven(String goal) {
        return withArgs(List.of(maven, "-B", "-ntp", plugin + ":" + goal, "-Drewrite.recipeArtifactCoordinates=" + pack,
                "-Drewrite.activeRecipes=" + recipe, "-Drewrite.exportDatatables=true"));
    }

    private List<String> withArgs(List<String> command) {
        List<String> all = new ArrayList<>(command);
        all.addAll(mavenArgs);
        return all;
    }

    private record Outcome(int exit, boolean timedOut) {
        boolean ok() {
            return exit == 0 && !timedOut;
        }

        @Override
        public String toString() {
            return timedOut ? "timed out" : "failed with exit code " + exit;
        }
    }

    /** Runs {@code command} in {@code dir}, appending its output to {@code log}; stops it at the time limit. */
    private Outcome exec(List<String> command, Path dir, Path log) throws IOException {
        Files.writeString(log, "$ " + String.join(" ", command) + "  (in " + dir + ")\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!process.waitFor((long) (timeoutMinutes * 60_000), TimeUnit.MILLISECONDS)) {
                // The parent first: killed after its children, a shell would go on to its next command (and
                // write output) in the moment between. Its children are listed before, while they are still its.
                List<ProcessHandle> descendants = process.descendants().collect(Collectors.toList());
                process.destroyForcibly();
                descendants.forEach(ProcessHandle::destroyForcibly);
                process.waitFor();
                return new Outcome(-1, true);
            }
            return new Outcome(process.exitValue(), false);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Outcome(-1, true);
        }
    }

    private ServiceResult failed(String name, String why, Path log) {
        return new ServiceResult(name, "failed", List.of(), List.of(), List.of(why + "; see " + log));
    }

    private Properties finished(Path state) throws IOException {
        if (rerun || !Files.isRegularFile(state)) {
            return null;
        }
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(state)) {
            properties.load(in);
        }
        return "true".equals(properties.getProperty("finished")) ? properties : null;
    }

    private static void save(Path state, String status, boolean finished) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("status", status);
        properties.setProperty("finished", Boolean.toString(finished));
        try (OutputStream out = Files.newOutputStream(state)) {
            properties.store(out, "rewrite-performance bulk run");
        }
    }

    /** The project without its build output, so that the scratch build starts clean. */
    static void copy(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (dir.getFileName() != null && dir.getFileName().toString().equals("target") && !dir.equals(from)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file).toString()));
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
