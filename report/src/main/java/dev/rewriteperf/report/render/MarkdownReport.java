package dev.rewriteperf.report.render;

import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.FileDiff;
import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.ServiceResult;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report as Markdown for a pull-request comment: totals, per-service and per-recipe tables, diffs, refusals. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(Report report) {
        StringBuilder md = new StringBuilder("# " + report.kind().title() + "\n\n");
        md.append(String.format(Locale.ROOT, "%d service(s), %d change(s) in %d file(s), %d spot(s) left alone, %d problem(s).%n%n",
                report.services().size(), report.changes(), report.filesChanged(), report.leftAlone(), report.allProblems().size()));
        if (!report.runId().isEmpty()) {
            md.append("Bulk run ").append(report.runId()).append(": each service's findings are this run's, or the earlier run's ")
                    .append("its status names.\n\n");
        }
        md.append("| service | status | changes | files changed | left alone | problems |\n| --- | --- | ---: | ---: | ---: | ---: |\n");
        for (ServiceResult s : report.services()) {
            md.append("| ").append(cell(s.name())).append(" | ").append(s.status().text()).append(" | ").append(s.changes()).append(" | ").append(s.filesChanged())
                    .append(" | ").append(s.leftAlone()).append(" | ").append(s.problems().size()).append(" |\n");
        }
        md.append("\n| recipe | changes | left alone | measured per call (size, JDK) |\n| --- | ---: | ---: | --- |\n");
        for (Map.Entry<String, long[]> recipe : report.countsBy(Candidate::recipe).entrySet()) {
            md.append("| `").append(recipe.getKey()).append("` | ").append(recipe.getValue()[0]).append(" | ")
                    .append(recipe.getValue()[1]).append(" | ").append(report.gains().headlineText(recipe.getKey())).append(" |\n");
        }
        if (report.profiled()) {
            ranked(report, md);
        }
        for (ServiceResult s : report.services()) {
            for (FileDiff diff : s.diffs()) {
                md.append("\n<details><summary>").append(s.name()).append(": ").append(diff.path()).append("</summary>\n\n");
                md.append(diff.binary() ? "Binary change, not shown.\n" : "```diff\n" + hunks(diff) + "```\n");
                md.append("</details>\n");
            }
        }
        md.append("\n## Left alone\n\n| service | where | recipe | reason |\n| --- | --- | --- | --- |\n");
        for (Candidate c : report.candidates()) {
            if (!c.changed() && !c.cold()) {
                md.append(leftAloneRow(c));
            }
        }
        List<Candidate> cold = report.candidates().stream().filter(Candidate::cold).toList();
        if (!cold.isEmpty()) {
            md.append("\n<details><summary>Left alone as cold code: ").append(cold.size())
                    .append(" spot(s) that run once, only when something fails, or only to print</summary>\n\n")
                    .append("| service | where | recipe | reason |\n| --- | --- | --- | --- |\n");
            cold.forEach(c -> md.append(leftAloneRow(c)));
            md.append("\n</details>\n");
        }
        if (!report.allNotes().isEmpty()) {
            md.append("\n## Notes\n\n");
            report.allNotes().forEach(n -> md.append("- ").append(n).append('\n'));
        }
        if (!report.allProblems().isEmpty()) {
            md.append("\n## Problems\n\n");
            report.allProblems().forEach(p -> md.append("- ").append(p).append('\n'));
        }
        return md.toString();
    }

    /** The changes and the hot spots left alone, most sampled method first. */
    private static void ranked(Report report, StringBuilder md) {
        md.append("\n## Ranked by the profile\n\n| service | where | recipe | sampled in the method | CPU share | measured per call |\n")
                .append("| --- | --- | --- | ---: | ---: | --- |\n");
        for (Candidate c : report.rankedChanges()) {
            md.append(row(c)).append(report.gains().headlineText(c.recipe())).append(" |\n");
        }
        md.append("\n### Hot spots left alone\n\nIn methods with at least 1 % of the sampled allocation or CPU samples: where a person ")
                .append("should look by hand.\n\n| service | where | recipe | sampled in the method | CPU share | reason |\n")
                .append("| --- | --- | --- | ---: | ---: | --- |\n");
        for (Candidate c : report.hotSpotsLeftAlone()) {
            md.append(row(c)).append(cell(c.reason())).append(" |\n");
        }
    }

    private static String row(Candidate c) {
        return "| " + cell(c.service()) + " | `" + cell(c.location()) + "` | " + c.recipeSimpleName() + " | " +
               String.format(Locale.ROOT, "%,d B (%s)", c.heat().sampledBytes(), HtmlReport.percent(c.heat().share())) + " | " +
               HtmlReport.percent(c.heat().cpuShare()) + " | ";
    }

    private static String hunks(FileDiff diff) {
        StringBuilder text = new StringBuilder();
        for (FileDiff.Hunk hunk : diff.hunks()) {
            text.append(hunk.header()).append('\n');
            hunk.lines().forEach(line -> text.append(line).append('\n'));
        }
        return text.toString();
    }

    /** A table cell: pipes escaped, line breaks flattened. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replaceAll("\\s+", " ");
    }

    private static String leftAloneRow(Candidate c) {
        return "| " + cell(c.service()) + " | `" + cell(c.location()) + "` | " + c.recipeSimpleName() + " | " + cell(c.reason()) + " |\n";
    }
}
