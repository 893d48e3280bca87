package dev.rewriteperf.report.cli;

import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.Service;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.read.DryRunReader;
import dev.rewriteperf.report.read.ProfileJoin;
import dev.rewriteperf.report.render.ReportFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code report [--benchmarks DIR] [--out DIR] SERVICE...}: one report from the dry runs of one or many services.
 * A SERVICE is a project directory that ran {@code rewrite:dryRun -Drewrite.exportDatatables=true} (or its
 * {@code target/rewrite} folder), optionally named: {@code orders=../orders}.
 */
@Command(name = "report", mixinStandardHelpOptions = true, version = "rewrite-performance-report 0.1.0",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every service's output was read", "1:a service had nothing to read (no such directory, no dry-run output)",
                        "2:a bad invocation: an unknown option, or an --out that cannot be written"},
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

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Folders.checkWritable(spec, out.toAbsolutePath().normalize(), "--out");
        List<String> problems = new ArrayList<>();
        Gains gains = benchmarks == null ? Gains.none() : Gains.read(benchmarks, problems);
        List<ServiceResult> results = new ArrayList<>();
        for (String service : services) {
            int equals = service.indexOf('=');
            Path dir = Path.of(equals >= 0 ? service.substring(equals + 1) : service);
            String name = equals >= 0 ? service.substring(0, equals) : Service.nameOf(dir);
            results.add(DryRunReader.read(name, dir));
        }
        for (String name : profiles.keySet()) {
            if (results.stream().noneMatch(r -> r.name().equals(name))) {
                problems.add("--profile " + name + "=...: no service is named " + name);
            }
        }
        ReportFiles.write(new Report(ProfileJoin.withProfiles(results, profiles, packages), gains, problems), out);
        return results.stream().anyMatch(r -> r.status().failed()) ? 1 : 0;
    }
}
