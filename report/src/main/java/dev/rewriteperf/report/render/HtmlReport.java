package dev.rewriteperf.report.render;

import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.ServiceResult;
import j2html.tags.DomContent;
import j2html.tags.specialized.DivTag;
import j2html.tags.specialized.TableTag;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static j2html.TagCreator.body;
import static j2html.TagCreator.br;
import static j2html.TagCreator.code;
import static j2html.TagCreator.details;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.h1;
import static j2html.TagCreator.h2;
import static j2html.TagCreator.h3;
import static j2html.TagCreator.head;
import static j2html.TagCreator.html;
import static j2html.TagCreator.li;
import static j2html.TagCreator.meta;
import static j2html.TagCreator.p;
import static j2html.TagCreator.pre;
import static j2html.TagCreator.span;
import static j2html.TagCreator.style;
import static j2html.TagCreator.summary;
import static j2html.TagCreator.table;
import static j2html.TagCreator.tbody;
import static j2html.TagCreator.text;
import static j2html.TagCreator.td;
import static j2html.TagCreator.th;
import static j2html.TagCreator.thead;
import static j2html.TagCreator.title;
import static j2html.TagCreator.tr;
import static j2html.TagCreator.ul;

/** The report as one self-contained HTML page (inline style, no scripts or external resources), escaped by j2html. */
public final class HtmlReport {

    /** Tables take the page's width and wrap long code and reasons, so the page fits 1280 px. */
    private static final String CSS = """
            body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#1f2328}
            table{border-collapse:collapse;margin:.5em 0 1.5em;max-width:100%}th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;vertical-align:top;overflow-wrap:break-word}td code{overflow-wrap:anywhere}
            th{background:#f6f8fa}td.n{text-align:right;white-space:nowrap}pre{background:#f6f8fa;padding:.5em;overflow-x:auto;font-size:90%;margin-top:0}
            .add{background:#dafbe1;display:block}.del{background:#ffebe9;display:block}.hunk{color:#6e7781;display:block}.context{display:block}
            .problem{color:#cf222e}summary{cursor:pointer}code{font-size:90%;white-space:pre-wrap}
            .made-by{margin:.6em 0 0;font-size:90%;color:#57606a}
            """;

    private HtmlReport() {
    }

    public static String render(Report report) {
        return "<!DOCTYPE html>\n" + html(
                head(meta().withCharset("utf-8"), title(report.kind().title()), style(CSS)),
                body(
                        h1(report.kind().title()),
                        p(String.format(Locale.ROOT, "%d service(s), %d change(s) in %d file(s), %d spot(s) left alone, %d problem(s).",
                                report.services().size(), report.changes(), report.filesChanged(), report.leftAlone(),
                                report.allProblems().size())).withId("totals"),
                        report.runId().isEmpty() ? div() : p("Bulk run " + report.runId() + ": each service's findings are " +
                                                          "this run's, or the earlier run's its status names.").withId("run"),
                        h2("Services"), services(report),
                        report.allProblems().isEmpty() ? div() : div(h2("Problems"),
                                ul(each(report.allProblems(), problem -> li(problem).withClass("problem"))).withId("problems")),
                        report.profiled() ? div(h2("Ranked by the profile"), ranked(report)).withId("profile") : div(),
                        h2("Changes"), div(each(report.services(), service -> changes(service, report.gains()))).withId("changes"),
                        h2("Left alone"), leftAlone(report),
                        h2("Measured gains"), gains(report),
                        h2("Families"), counts("family", report.countsBy(Candidate::family), "families"),
                        h2("Recipes"), counts("recipe", report.countsBy(Candidate::recipe), "recipes"),
                        report.allNotes().isEmpty() ? div() : div(h2("Notes"), ul(each(report.allNotes(), note -> li(note)))).withId("notes")
                )).render();
    }

    private static TableTag services(Report report) {
        return table(thead(tr(th("service"), th("status"), th("changes"), th("files changed"), th("left alone"), th("problems"))),
                tbody(each(report.services(), s -> tr(td(s.name()), td(s.status().text()), number(s.changes()), number(s.filesChanged()),
                        number(s.leftAlone()), number(s.problems().size()))))).withId("services");
    }

    /**
     * The changes, most sampled method first, each with what its recipe saves per call; then the hot spots left
     * alone with their reasons: where a person should look by hand.
     */
    private static DomContent ranked(Report report) {
        return div(
                p("Each spot's method, as the service's recording sampled it: the bytes allocated on its behalf (what JDK " +
                  "code allocates for it included) with their share of the recording, and its share of CPU samples."),
                h3("Changes"),
                table(thead(tr(th("service"), th("where"), th("recipe"), th("sampled in the method"), th("CPU share"),
                                th("measured per call"))),
                        tbody(each(report.rankedChanges(), c -> tr(td(c.service()), where(c),
                                td(c.recipeSimpleName()), heat(c.heat()), td(percent(c.heat().cpuShare())).withClass("n"),
                                td(report.gains().headlineText(c.recipe())))))).withId("hot-changes"),
                h3("Hot spots left alone"),
                p("Spots the recipes left alone in methods with at least 1 % of the sampled allocation or CPU samples: " +
                  "where a person should look by hand."),
                table(thead(tr(th("service"), th("where"), th("recipe"), th("sampled in the method"), th("CPU share"), th("reason"))),
                        tbody(each(report.hotSpotsLeftAlone(), c -> tr(td(c.service()), where(c),
                                td(c.recipeSimpleName()), heat(c.heat()), td(percent(c.heat().cpuShare())).withClass("n"),
                                td(withCode(c.reason())))))).withId("hot-left-alone"));
    }

    private static DomContent heat(Candidate.Heat heat) {
        return td(String.format(Locale.ROOT, "%,d B (%s)", heat.sampledBytes(), percent(heat.share()))).withClass("n");
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    private static TableTag counts(String what, Map<String, long[]> counts, String id) {
        return table(thead(tr(th(what), th("changes"), th("left alone"))),
                tbody(each(counts.entrySet(), e -> tr(td(code(e.getKey())), number(e.getValue()[0]), number(e.getValue()[1])))))
                .withId(id);
    }

    /**
     * One line a recipe of the report: its headline, the pair and size its description quotes; the benchmark rows
     * behind it (its paired runs, when it has any) folded under that line.
     */
    private static DomContent gains(Report report) {
        List<DomContent> recipes = new ArrayList<>();
        for (String recipe : report.countsBy(Candidate::recipe).keySet()) {
            List<Gains.Gain> gains = report.gains().resolved(recipe);
            if (gains.isEmpty()) {
                continue;
            }
            recipes.add(details(summary(code(recipe), span(": "), span(report.gains().headlineText(recipe)).withClass("headline")),
                    table(thead(tr(th("results"), th("JDK"), th("parameters"), th("variant"), th("time before → after"),
                                    th("time ratio [95 % interval]"), th("B/op before → after"))),
                            tbody(each(gains, g -> tr(td(g.file()), td(g.jdk()), td(g.params()), td(g.variant()),
                                    td(String.format(Locale.ROOT, "%,.1f → %,.1f %s", g.timeBefore(), g.timeAfter(), g.unit())),
                                    td(g.time()),
                                    td(g.bytes().replace(" B/op", "")).withClass("n")))))));
        }
        return recipes.isEmpty() ? p("No benchmark results given (--benchmarks).") : div(each(recipes, r -> r)).withId("gains");
    }

    /** Each changed file's hunks, each under the recipes that made it and what they gain. */
    private static DomContent changes(ServiceResult service, Gains gains) {
        return div(h3(service.name()), service.diffs().isEmpty() ? p("No changes.") :
                div(each(service.diffs(), diff -> details(summary(diff.path()), diff.binary() ? p("Binary change, not shown.") :
                        div(each(diff.hunks(), hunk -> div(
                                p(each(HunkRecipes.of(service, diff, hunk), recipe -> span(code(recipe.substring(recipe.lastIndexOf('.') + 1)),
                                        span(madeBy(gains.headlineText(recipe))), br()))).withClass("made-by"),
                                pre(span(hunk.header()).withClass("hunk"),
                                        each(hunk.lines(), line -> span(line.toString()).withClass(
                                                line.kind() == '+' ? "add" : line.kind() == '-' ? "del" : "context"))))))).attr("open", ""))));
    }

    private static String madeBy(String headline) {
        return headline.isEmpty() ? "" : ": " + headline;
    }

    /** {@code path:line} and the class and method, the way the CSV, the SARIF and the PR body name a spot. */
    private static DomContent where(Candidate c) {
        return td(code(c.sourcePath() + (c.line() > 0 ? ":" + c.line() : "")), span(" " + c.location()));
    }

    /** The reason with its `code` spans set as code: the pack writes reasons in Markdown's backticks. */
    static DomContent withCode(String reason) {
        String[] parts = reason.split("`", -1);
        if (parts.length % 2 == 0) {
            return text(reason); // an unpaired backtick: shown as written
        }
        List<DomContent> pieces = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            if (!parts[i].isEmpty()) {
                pieces.add(i % 2 == 0 ? text(parts[i]) : code(parts[i]));
            }
        }
        return span(each(pieces, piece -> piece));
    }

    /** The spots left alone, those in cold code folded into one group with its count, out of the way of the rest. */
    private static DivTag leftAlone(Report report) {
        List<Candidate> cold = report.candidates().stream().filter(Candidate::cold).toList();
        return div(leftAloneTable(report.candidates().stream().filter(c -> !c.changed() && !c.cold()).toList()).withId("left-alone"),
                cold.isEmpty() ? div() : details(summary("Left alone as cold code: " + cold.size() + " spot(s) that run once, " +
                                                         "only when something fails, or only to print"),
                        leftAloneTable(cold)).withId("cold"));
    }

    private static TableTag leftAloneTable(List<Candidate> spots) {
        return table(thead(tr(th("service"), th("where"), th("recipe"), th("code"), th("reason"))),
                tbody(each(spots, c -> tr(td(c.service()), where(c), td(c.recipeSimpleName()),
                        td(code(c.code())), td(withCode(c.reason()))))));
    }

    private static DomContent number(long n) {
        return td(Long.toString(n)).withClass("n");
    }
}
