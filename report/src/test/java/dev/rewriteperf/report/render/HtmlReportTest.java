package dev.rewriteperf.report.render;

import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.FileDiff;
import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.RunStatus;
import dev.rewriteperf.report.model.ServiceResult;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a person sees first: totals, then the changes, each hunk under the recipe that made it; gains one line a recipe. */
class HtmlReportTest {

    private static final String HASH = "dev.rewriteperf.hotpaths.InlineObjectsHash";
    private static final String COPY = "dev.rewriteperf.buffers.UseTransferToForCopyLoops";
    private static final String FILE = "src/main/java/com/example/Order.java";

    private static Document render() {
        List<String> problems = new ArrayList<>();
        Gains gains = Gains.read(Path.of("../benchmarks/results"), problems);
        assertThat(problems).isEmpty();
        List<Candidate> candidates = List.of(
                new Candidate("orders", FILE, 12, "Order#copy", "com.example.Order#copy(Ljava/io/InputStream;)V", COPY,
                        "while ((n = in.read(b)) > 0) out.write(b, 0, n);", true, "in.transferTo(out);", "", null),
                new Candidate("orders", FILE, 40, "Order#hashCode", "com.example.Order#hashCode()I", HASH,
                        "Objects.hash(id, total)", true, "31 * id.hashCode() + Long.hashCode(total)", "", null),
                new Candidate("orders", FILE, 48, "Order#key", "com.example.Order#key()I", HASH,
                        "Objects.hash(values)", false, "", "`values` is an array: `Objects.hash` spreads it", null));
        List<FileDiff> diffs = List.of(new FileDiff(FILE, false, List.of(
                new FileDiff.Hunk("@@ -1,3 +1,4 @@", List.of(new FileDiff.Line(' ', "package com.example;"),
                        new FileDiff.Line('+', "import java.util.Objects;"))),
                new FileDiff.Hunk("@@ -10,5 +11,3 @@", List.of(new FileDiff.Line('-', "        while ((n = in.read(b)) > 0) {"),
                        new FileDiff.Line('+', "        in.transferTo(out);"))),
                new FileDiff.Hunk("@@ -39,3 +38,3 @@", List.of(new FileDiff.Line('-', "        return Objects.hash(id, total);"),
                        new FileDiff.Line('+', "        return 31 * id.hashCode() + Long.hashCode(total);"))))));
        ServiceResult orders = new ServiceResult("orders", RunStatus.of(RunStatus.Kind.READ), candidates, diffs, List.of());
        return Jsoup.parse(HtmlReport.render(new Report(List.of(orders), gains, List.of())));
    }

    @Test
    void itLeadsWithTotalsThenTheChanges() {
        List<String> sections = render().select("h2").eachText();
        assertThat(sections.subList(0, 3)).containsExactly("Services", "Changes", "Left alone");
        assertThat(sections.indexOf("Measured gains")).isGreaterThan(sections.indexOf("Left alone"));
    }

    @Test
    void eachHunkSaysWhichRecipeMadeItAndWhatItGains() {
        List<Element> labels = render().select("#changes .made-by");
        assertThat(labels).hasSize(3);
        // The import's hunk holds no spot: every recipe that changed the file.
        assertThat(labels.get(0).select("code").eachText()).containsExactly("UseTransferToForCopyLoops", "InlineObjectsHash");
        assertThat(labels.get(1).select("code").eachText()).containsExactly("UseTransferToForCopyLoops");
        assertThat(labels.get(2).select("code").eachText()).containsExactly("InlineObjectsHash");
        assertThat(labels.get(2).text()).contains("B/op", "JDK 25");
    }

    @Test
    void everySpotIsNamedByFileAndLine() {
        assertThat(render().select("#left-alone tbody tr td:eq(1)").eachText())
                .containsExactly(FILE + ":48 Order#key");
    }

    @Test
    void backticksInAReasonAreCode() {
        Element reason = render().select("#left-alone tbody tr td:eq(4)").first();
        assertThat(reason.text()).isEqualTo("values is an array: Objects.hash spreads it");
        assertThat(reason.select("code").eachText()).containsExactly("values", "Objects.hash");
    }

    @Test
    void measuredGainsAreOneFoldedLineARecipe() {
        Document html = render();
        assertThat(html.select("#gains > details")).hasSize(2).allSatisfy(recipe -> assertThat(recipe.hasAttr("open")).isFalse());
        assertThat(html.select("#gains > details > summary").eachText())
                .allSatisfy(line -> assertThat(line).contains("B/op", "faster"));
    }

    @Test
    void anUnpairedBacktickIsShownAsWritten() {
        assertThat(Jsoup.parse(HtmlReport.withCode("a ` b").toString()).text()).isEqualTo("a ` b");
    }
}
