package dev.rewriteperf.report.render;

import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.ServiceResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The report's files: the page, the Markdown, the merged tables and the SARIF logs, all from one {@link Report}. */
public final class ReportFiles {

    private ReportFiles() {
    }

    /** Writes the five files of {@code report} into {@code out} and says where the page is. */
    public static void write(Report report, Path out) throws IOException {
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
}
