package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.model.RunStatus;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.proc.Directories;
import dev.rewriteperf.report.read.DryRunReader;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;

/**
 * What one run of the pack found in a service, kept in the workspace ({@code WORKSPACE/findings/SERVICE}) the moment
 * that run ends well: its patch, its data table, the run's id and where its source paths start in the service's
 * repository. A report reads a service's findings only from here, never from the service's {@code target/}, which the
 * service's own build, a {@code mvn clean} or another dry run may have changed since.
 */
final class Findings {

    private static final String RUN_FILE = "run.properties";

    private Findings() {
    }

    /**
     * Keeps what the run {@code runId} left in {@code project/target/rewrite} (which was emptied before it ran) as the
     * service's findings, replacing the last run's at once.
     */
    static void keep(Path project, Path findings, String runId) throws IOException {
        Path rewrite = project.resolve("target/rewrite");
        Path kept = findings.resolveSibling(findings.getFileName() + "." + runId + ".new");
        Directories.deleteRecursively(kept);
        Files.createDirectories(kept);
        if (Files.isRegularFile(rewrite.resolve("rewrite.patch"))) {
            Files.copy(rewrite.resolve("rewrite.patch"), kept.resolve("rewrite.patch"));
        }
        Path table = DryRunReader.newestTable(rewrite).orElse(null);
        if (table != null) {
            Path into = Files.createDirectories(kept.resolve("datatables").resolve(table.getParent().getFileName().toString()));
            Files.copy(table, into.resolve(table.getFileName().toString()));
        }
        Properties run = new Properties();
        run.setProperty("run", runId);
        run.setProperty("repositoryPath", DryRunReader.repositoryPath(project));
        try (OutputStream out = Files.newOutputStream(kept.resolve(RUN_FILE))) {
            run.store(out, "the bulk run these findings are from");
        }
        Path old = findings.resolveSibling(findings.getFileName() + "." + runId + ".old");
        if (Files.exists(findings)) {
            Files.move(findings, old, StandardCopyOption.ATOMIC_MOVE);
        }
        Files.move(kept, findings, StandardCopyOption.ATOMIC_MOVE);
        Directories.deleteRecursively(old);
    }

    /** The run whose findings are kept for the service, or empty when none are. */
    static String runOf(Path findings) {
        Path file = findings.resolve(RUN_FILE);
        if (!Files.isRegularFile(file)) {
            return "";
        }
        try (InputStream in = Files.newInputStream(file)) {
            Properties run = new Properties();
            run.load(in);
            return run.getProperty("run", "");
        } catch (IOException e) {
            return "";
        }
    }

    /** The service's kept findings, placed in its repository as the run that kept them saw it. */
    static ServiceResult read(String name, Path findings) throws IOException {
        Properties run = new Properties();
        try (InputStream in = Files.newInputStream(findings.resolve(RUN_FILE))) {
            run.load(in);
        }
        if (!Files.exists(findings.resolve("rewrite.patch")) && !Files.isDirectory(findings.resolve("datatables"))) {
            return new ServiceResult(name, RunStatus.of(RunStatus.Kind.OK), List.of(), List.of(), List.of()); // no spot at all
        }
        ServiceResult result = DryRunReader.read(name, findings);
        return new ServiceResult(name, result.status(), result.candidates(), result.diffs(), result.problems(), List.of(),
                run.getProperty("repositoryPath", ""));
    }
}
