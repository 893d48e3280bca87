package dev.rewriteperf.report;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * {@code report [--benchmarks DIR] [--out DIR] SERVICE...}: one report from the dry runs of one or many services.
 * A SERVICE is a project directory that ran {@code rewrite:dryRun -Drewrite.exportDatatables=true} (or its
 * {@code target/rewrite} folder), optionally named: {@code orders=../orders}.
 */
@Command(name = "report", mixinStandardHelpOptions = true, version = "rewrite-performance-report 0.1.0",
        description = "Merges the dry-run patches and data tables of one or many services into report.html, report.md, " +
                      "candidates.csv, candidates.json and report.sarif (SARIF 2.1.0, for code-scanning pages and IDEs).")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SERVICE", arity = "1..*",
            description = "A project that ran the dry run, or its target/rewrite folder; NAME=DIR names it.")
    List<String> services = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "rewrite-report", description = "Where to write the report (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--benchmarks", paramLabel = "DIR", description = "The benchmarks' JMH result files (benchmarks/results), for the measured gains.")
    Path benchmarks;

    @Option(names = "--profile", paramLabel = "SERVICE=RECORDING",
            description = "A JFR recording of a service (repeatable): its changes and left-alone spots are ranked by the " +
                          "allocation and CPU time sampled in their methods.")
    Map<String, Path> profiles = new LinkedHashMap<>();

    @Option(names = "--package", paramLabel = "PREFIX",
            description = "With --profile: the services' own packages (repeatable); default: every class outside the JDK.")
    List<String> packages = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        List<String> problems = new ArrayList<>();
        Gains gains = benchmarks == null ? Gains.none() : Gains.read(benchmarks, problems);
        List<ServiceResult> results = new ArrayList<>();
        for (String service : services) {
            int equals = service.indexOf('=');
            Path dir = Path.of(equals >= 0 ? service.substring(equals + 1) : service);
            String name = equals >= 0 ? service.substring(0, equals) : nameOf(dir);
            results.add(DryRunReader.read(name, dir));
        }
        for (String name : profiles.keySet()) {
            if (results.stream().noneMatch(r -> r.name().equals(name))) {
                problems.add("--profile " + name + "=...: no service is named " + name);
            }
        }
        write(new Report(withProfiles(results, profiles, packages), gains, problems), out);
        return 0;
    }

    /**
     * Each service with a recording in {@code profiles} (by service name), its candidates given their methods'
     * figures. A recording that cannot be read is the service's problem; its candidates stay unranked.
     */
    static List<ServiceResult> withProfiles(List<ServiceResult> results, Map<String, Path> profiles, List<String> packages) {
        Predicate<String> isProjectCode = packages.isEmpty() ? type -> true : type -> packages.stream().anyMatch(type::startsWith);
        List<ServiceResult> ranked = new ArrayList<>();
        for (ServiceResult result : results) {
            Path recording = profiles.get(result.name());
            if (recording == null) {
                ranked.add(result);
                continue;
            }
            try {
                ranked.add(ProfileJoin.withProfile(result, AllocationProfile.read(recording, isProjectCode)));
            } catch (IllegalArgumentException e) {
                ranked.add(result.withStatus(result.status(), List.of("profile not used: " + e.getMessage())));
            }
        }
        return ranked;
    }

    /** Writes the five files of {@code report} into {@code out} and says where the page is. */
    static void write(Report report, Path out) throws java.io.IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve("report.html"), HtmlReport.render(report), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("report.md"), MarkdownReport.render(report), StandardCharsets.UTF_8);
        MergedTables.writeCsv(report, out.resolve("candidates.csv"));
        MergedTables.writeJson(report, out.resolve("candidates.json"));
        Files.writeString(out.resolve("report.sarif"), SarifReport.render(report), StandardCharsets.UTF_8);
        Files.createDirectories(out.resolve("sarif"));
        for (ServiceResult service : report.services()) {
            Files.writeString(out.resolve("sarif").resolve(service.name().replaceAll("[^A-Za-z0-9._-]", "_") + ".sarif"),
                    SarifReport.render(List.of(service), report.gains()), StandardCharsets.UTF_8);
        }
        report.allProblems().forEach(problem -> System.err.println("problem: " + problem));
        System.out.printf("%d service(s), %d change(s), %d left alone, %d problem(s)%nReport: %s%n", report.services().size(),
                report.changes(), report.leftAlone(), report.allProblems().size(), out.resolve("report.html").toAbsolutePath());
    }

    /** {@code orders} for {@code ../orders}, {@code ../orders/} or {@code ../orders/target/rewrite}. */
    static String nameOf(Path dir) {
        Path p = dir.toAbsolutePath().normalize();
        if (p.endsWith("target/rewrite") && p.getParent() != null && p.getParent().getParent() != null) {
            p = p.getParent().getParent();
        }
        return p.getFileName() == null ? dir.toString() : p.getFileName().toString();
    }
}
