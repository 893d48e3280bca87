package dev.rewriteperf.report.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rewriteperf.report.cli.ReportCommand;
import dev.rewriteperf.report.model.ServiceResult;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReportCommandTest {

    private static final String TABLE_HEADER = """
            # @name dev.rewriteperf.table.PerformanceCandidates
            # @instanceName Performance candidates
            # @group\s
            sourcePath,location,recipe,candidate,changed,replacement,reason
            """;

    private static final String PATCH = """
            diff --git a/src/main/java/com/example/Export.java b/src/main/java/com/example/Export.java
            index fe43c93..2351961 100644
            --- a/src/main/java/com/example/Export.java
            +++ b/src/main/java/com/example/Export.java
            @@ -13,9 +13,3 @@ dev.rewriteperf.PerformanceBestPractices
                     try (InputStream in = Files.newInputStream(export); OutputStream out = Files.newOutputStream(archive)) {
            -            byte[] buffer = new byte[8192];
            -            long size = 0;
            -            int n;
            -            while ((n = in.read(buffer)) != -1) {
            -                out.write(buffer, 0, n);
            -                size += n;
            -            }
            +            long size = in.transferTo(out);
                         return size;
            """;

    private static final String BINARY_AND_TEXT_PATCH = """
            diff --git a/logo.png b/logo.png
            index 1c10dfc..e2c0e95 100644
            Binary files a/logo.png and b/logo.png differ
            diff --git a/src/main/java/com/example/Codec.java b/src/main/java/com/example/Codec.java
            index 1c10dfc..e2c0e95 100644
            --- a/src/main/java/com/example/Codec.java
            +++ b/src/main/java/com/example/Codec.java
            @@ -1,3 +1,3 @@
             class Codec {
            -    List<String> x = new ArrayList<>(); // (b[0] & 0xFF) << 8
            +    List<String> x = new ArrayList<>(size);
             }
            """;

    private static final String JMH = """
            [{"benchmark":"dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops.UseTransferToForCopyLoopsBenchmark.bytesBefore",
              "params":{"size":"16384"},
              "primaryMetric":{"score":5.0,"scoreUnit":"us/op","rawData":[[5.0,5.0],[5.0]]},
              "secondaryMetrics":{"gc.alloc.rate.norm":{"score":41008.0}}},
             {"benchmark":"dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops.UseTransferToForCopyLoopsBenchmark.bytesAfter",
              "params":{"size":"16384"},
              "primaryMetric":{"score":2.5,"scoreUnit":"us/op","rawData":[[2.5,2.5],[2.4]]},
              "secondaryMetrics":{"gc.alloc.rate.norm":{"score":32800.0}}}]
            """;

    /**
     * paired.py's output: the bytes pair resolves (about 2x in every round), the file pair is within noise; each summary
     * is what summarize.py computes from the rounds.
     */
    private static final String PAIRED = """
            {"family": "buffers", "jdk": "openjdk version \\"25.0.3\\" 2026-04-21 LTS", "rounds": 4, "pairs": [
             {"before": "dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops.UseTransferToForCopyLoopsBenchmark.bytesBefore",
              "after": "dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops.UseTransferToForCopyLoopsBenchmark.bytesAfter",
              "params": "size=16384", "rounds": [
               {"before": 5.0, "after": 2.5, "beforeBytes": 41008.2, "afterBytes": 32800.1},
               {"before": 5.2, "after": 2.5, "beforeBytes": 41008.0, "afterBytes": 32800.0},
               {"before": 4.8, "after": 2.5, "beforeBytes": 41008.0, "afterBytes": 32800.0},
               {"before": 5.0, "after": 2.6, "beforeBytes": 41008.0, "afterBytes": 32800.0}],
              "summary": {"ratio": 1.9797, "low": 1.8636, "high": 2.1030, "bytesBefore": 41008.0, "bytesAfter": 32800.0}},
             {"before": "dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops.UseTransferToForCopyLoopsBenchmark.fileBefore",
              "after": "dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops.UseTransferToForCopyLoopsBenchmark.fileAfter",
              "params": "size=16384", "rounds": [
               {"before": 3.0, "after": 2.0, "beforeBytes": 9000, "afterBytes": 9000},
               {"before": 1.4, "after": 2.0, "beforeBytes": 9000, "afterBytes": 9000},
               {"before": 2.4, "after": 2.0, "beforeBytes": 9000, "afterBytes": 9000},
               {"before": 1.8, "after": 2.0, "beforeBytes": 9000, "afterBytes": 9000}],
              "summary": {"ratio": 1.0319, "low": 0.6078, "high": 1.7519, "bytesBefore": 9000.0, "bytesAfter": 9000.0}}]}
            """;

    @Test
    void oneReportFromServicesGoodAndBad(@TempDir Path dir) throws IOException {
        Path orders = dir.resolve("orders");
        write(orders.resolve("target/rewrite/rewrite.patch"), PATCH);
        write(orders.resolve("target/rewrite/datatables/2026-11-22_09-00-00-000/" + DryRunReader.CANDIDATES_TABLE),
                TABLE_HEADER + "old.java,Old#m,dev.rewriteperf.buffers.UseTransferToForCopyLoops,old,false,,stale run\n");
        write(orders.resolve("target/rewrite/datatables/2026-11-22_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), TABLE_HEADER +
                "src/main/java/com/example/Export.java,Export#archive,dev.rewriteperf.buffers.UseTransferToForCopyLoops," +
                "\"while ((n = in.read(buffer)) != -1) { out.write(buffer, 0, n); size += n; }\",true,long size = in.transferTo(out),\n" +
                "src/main/java/com/example/Export.java,Export#forward,dev.rewriteperf.buffers.UseTransferToForCopyLoops," +
                "\"while ((n = in.read(buffer)) != -1) { out.write(buffer, 0, n); }\",false,," +
                "\"the input stream is not created in this method: its class decides <whether> transferTo is any faster\"\n");
        Path billing = dir.resolve("billing/target/rewrite");
        write(billing.resolve("rewrite.patch"), BINARY_AND_TEXT_PATCH);
        write(billing.resolve("datatables/2026-11-22_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), TABLE_HEADER +
                "src/main/java/com/example/Codec.java,Codec,dev.rewriteperf.bytes.UseVarHandleForByteReads,x,true,y,\n" +
                "src/main/java/com/example/Codec.java,Codec,dev.rewriteperf.bytes.UseVarHandleForByteReads,\"unterminated,false,,\n");
        Path results = dir.resolve("results");
        write(results.resolve("buffers-jdk25.json"), JMH);
        write(results.resolve("notes.json"), "{ not json");
        write(results.resolve("paired/buffers-jdk25.json"), PAIRED);
        Path out = dir.resolve("report");

        int exit = new CommandLine(new ReportCommand()).execute("--out", out.toString(), "--benchmarks", results.toString(),
                orders.toString(), "billing=" + billing, dir.resolve("missing").toString());

        assertThat(exit).as("a service with nothing to read makes the exit code 1").isEqualTo(1);
        Document html = Jsoup.parse(out.resolve("report.html").toFile(), "UTF-8");
        assertThat(html.select("#totals").text())
                .isEqualTo("3 service(s), 2 change(s) in 3 file(s), 1 spot(s) left alone, 3 problem(s).");
        assertThat(html.select("#services tbody tr")).extracting(row -> row.select("td").eachText())
                .containsExactly(
                        List.of("orders", "read", "1", "1", "1", "0"),
                        List.of("billing", "read", "1", "2", "0", "1"),
                        List.of("missing", "missing", "0", "0", "0", "1"));
        assertThat(html.select("#families tbody tr")).extracting(row -> row.select("td").eachText())
                .containsExactly(List.of("buffers", "1", "1"), List.of("bytes", "1", "0"));
        assertThat(html.select("#changes span.add").eachText())
                .containsExactly("+            long size = in.transferTo(out);", "+    List<String> x = new ArrayList<>(size);");
        assertThat(html.select("#changes span.del").eachText()).hasSize(8).contains("-            byte[] buffer = new byte[8192];");
        assertThat(html.select("#changes span.context").eachText()).contains("return size;", "class Codec {");
        assertThat(html.select("#changes details summary").eachText())
                .containsExactly("src/main/java/com/example/Export.java", "logo.png", "src/main/java/com/example/Codec.java");
        assertThat(html.select("#changes").text()).contains("Binary change, not shown.");
        assertThat(html.select("#left-alone tbody td").eachText())
                .contains("the input stream is not created in this method: its class decides <whether> transferTo is any faster");
        assertThat(html.select("#gains tbody tr")).as("the paired runs only: the single run of the same pair is not shown")
                .extracting(row -> row.select("td").eachText()).containsExactly(
                List.of("buffers-jdk25.json", "25", "size=16384", "bytesBefore → bytesAfter", "5.0 → 2.5 ns/op",
                        "1.98x faster [1.86, 2.10]", "41,008 → 32,800"),
                List.of("buffers-jdk25.json", "25", "size=16384", "fileBefore → fileAfter", "2.1 → 2.0 ns/op",
                        "within noise [0.61, 1.75]", "9,000 → 9,000"));
        assertThat(html.select("#gains .headline").eachText())
                .containsExactly("41,008 → 32,800 B/op; time 1.98x faster [1.86, 2.10] (size=16384, JDK 25)");
        assertThat(html.select("#problems li").eachText()).satisfiesExactlyInAnyOrder(
                p -> assertThat(p).startsWith("could not read benchmark results notes.json"),
                p -> assertThat(p).startsWith("billing: could not read").contains("1 rows before the error are kept"),
                p -> assertThat(p).startsWith("missing: no such directory"));
        assertThat(html.select("script, link, img")).isEmpty();

        String markdown = Files.readString(out.resolve("report.md"));
        assertThat(markdown).contains("-    List<String> x = new ArrayList<>(); // (b[0] & 0xFF) << 8");
        assertThat(markdown).contains("| orders | read | 1 | 1 | 1 | 0 |", "| `dev.rewriteperf.buffers.UseTransferToForCopyLoops` | 1 | 1 | 41,008 → 32,800 B/op; time 1.98x faster [1.86, 2.10] (size=16384, JDK 25) |",
                "+            long size = in.transferTo(out);", "Binary change, not shown.");
        assertThat(Files.readAllLines(out.resolve("candidates.csv"))).first()
                .isEqualTo("service,sourcePath,line,location,recipe,candidate,changed,replacement,reason,sampledBytes,share,cpuShare");
        JsonNode json = new ObjectMapper().readTree(out.resolve("candidates.json").toFile());
        assertThat(json.get("candidates")).hasSize(3);
        assertThat(json.get("candidates").get(0).get("service").asText()).isEqualTo("orders");
        // The same keys in the same order in every run, so that two runs' JSON can be compared as text.
        List<String> keys = new ArrayList<>();
        json.get("services").get(0).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("name", "changes", "filesChanged", "leftAlone", "problems");
    }

    /** A service in a monorepo whose plugin wrote its paths from the repository's root: its changed files are found. */
    @Test
    void changedFilesAreFoundWhereverTheTablesPathsStart(@TempDir Path dir) throws IOException {
        Path orders = dir.resolve("mono/services/orders");
        write(orders.resolve("src/A.java"), "class A {}\n");
        for (String sourcePath : List.of("src/A.java", "services/orders/src/A.java")) {
            write(orders.resolve("target/rewrite/datatables/2026-11-25_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE),
                    "sourcePath,location,recipe,candidate,changed,replacement,reason\n" + sourcePath +
                    ",A#m,dev.rewriteperf.hotpaths.InlineObjectsHash,x,true,y,\n");

            assertThat(DryRunReader.changedFiles(orders)).as(sourcePath).containsExactly(orders.resolve("src/A.java").toRealPath());
        }
    }

    @Test
    void aProjectWithoutExportedTablesIsAProblemNotACrash(@TempDir Path dir) throws IOException {
        write(dir.resolve("plain/target/rewrite/rewrite.patch"), PATCH);
        ServiceResult result = DryRunReader.read("plain", dir.resolve("plain"));
        assertThat(result.diffs()).hasSize(1);
        assertThat(result.problems()).singleElement().asString().contains("-Drewrite.exportDatatables=true");
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
