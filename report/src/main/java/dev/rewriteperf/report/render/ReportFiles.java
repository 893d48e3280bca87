package dev.rewriteperf.report.render;

import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.ServiceResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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
        Set<String> written = new HashSet<>();
        for (ServiceResult service : report.services()) {
            Files.writeString(out.resolve("sarif").resolve(sarifName(service.name(), written)),
                    SarifReport.render(List.of(service), report.gains()), StandardCharsets.UTF_8);
        }
        report.allProblems().forEach(problem -> System.err.println("problem: " + problem));
        System.out.printf("%d service(s), %d change(s), %d left alone, %d problem(s)%nReport: %s%n", report.services().size(),
                report.changes(), report.leftAlone(), report.allProblems().size(), out.resolve("report.html").toAbsolutePath());
    }

    /**
     * {@code orders.sarif}: the service's name in the characters every file system takes; a name that comes out like
     * another's ({@code a b} and {@code a_b}) gets a number, so that no service's log overwrites another's.
     */
    static String sarifName(String service, Set<String> written) {
        String base = service.replaceAll("[^A-Za-z0-9._-]", "_");
        String name = base + ".sarif";
        for (int n = 2; !written.add(name.toLowerCase(Locale.ROOT)); n++) {
            name = base + "-" + n + ".sarif";
        }
        return name;
    }
}
