package dev.rewriteperf.report.render;

import dev.rewriteperf.report.cli.Tool;
import dev.rewriteperf.report.read.DryRunReader;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Spots left alone as cold code are one folded group with its count, apart from the spots worth a look. */
class ColdSpotsTest {

    @Test
    void coldSpotsAreFoldedAwayWithTheirCount(@TempDir Path dir) throws IOException {
        Path table = dir.resolve("orders/target/rewrite/datatables/2026-11-25_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE);
        Files.createDirectories(table.getParent());
        Files.writeString(table, """
                sourcePath,line,location,recipe,candidate,changed,replacement,reason
                A.java,3,A#label,dev.rewriteperf.hotpaths.ReplaceStringFormatWithConcatenation,w,true,v,
                A.java,7,A#toString,dev.rewriteperf.hotpaths.ReplaceStringFormatWithConcatenation,x,false,,"cold: in toString(), which builds text to print"
                A.java,9,A#check,dev.rewriteperf.hotpaths.ReplaceStringFormatWithConcatenation,y,false,,cold: builds the message of an exception
                A.java,12,A#read,dev.rewriteperf.hotpaths.InlineObjectsHash,z,false,,the array escapes
                """, StandardCharsets.UTF_8);
        Path out = dir.resolve("report");

        assertThat(Tool.commandLine().execute("report", "--out", out.toString(), dir.resolve("orders").toString())).isZero();

        Document html = Jsoup.parse(out.resolve("report.html").toFile(), "UTF-8");
        assertThat(html.select("#left-alone tbody tr")).extracting(row -> row.select("td").get(4).text())
                .containsExactly("the array escapes");
        assertThat(html.select("#cold summary").text())
                .isEqualTo("Left alone as cold code: 2 spot(s) that run once, only when something fails, or only to print");
        assertThat(html.select("#cold tbody tr")).hasSize(2);
        String markdown = Files.readString(out.resolve("report.md"));
        assertThat(markdown).contains("<details><summary>Left alone as cold code: 2 spot(s)");
        assertThat(markdown.substring(markdown.indexOf("## Left alone"), markdown.indexOf("<details><summary>Left alone as cold")))
                .contains("the array escapes").doesNotContain("cold:");
    }
}
