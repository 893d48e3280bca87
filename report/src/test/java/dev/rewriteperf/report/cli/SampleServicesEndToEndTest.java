package dev.rewriteperf.report.cli;

import dev.rewriteperf.report.proc.Directories;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bulk dry run with the real rewrite-maven-plugin over copies of the three sample services, the pack as
 * installed by the build ({@code mvn install} at the root comes first in CI), and the report it writes.
 */
class SampleServicesEndToEndTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void bulkDryRunOverTheSamplesReportsTheirChangesAndRefusals(@TempDir Path dir) throws IOException {
        List<String> services = List.of("order-service", "billing-service", "inventory-service");
        for (String service : services) {
            Directories.copy(ROOT.resolve("samples").resolve(service), dir.resolve(service));
        }
        Path report = dir.resolve("report");

        int exit = Tool.commandLine().execute("bulk", "--maven", ROOT.resolve("scripts/mvn21").toString(),
                "--workspace", dir.resolve("work").toString(), "--out", report.toString(),
                "--benchmarks", ROOT.resolve("benchmarks/results").toString(),
                dir.resolve("order-service").toString(), dir.resolve("billing-service").toString(),
                dir.resolve("inventory-service").toString());

        assertThat(exit).isZero();
        Document html = Jsoup.parse(report.resolve("report.html").toFile(), "UTF-8");
        assertThat(html.select("#services tbody tr")).extracting(row -> row.select("td").eachText()).contains(
                List.of("billing-service", "ok", "2", "2", "2", "0"),
                List.of("inventory-service", "ok", "2", "2", "2", "0"));
        assertThat(html.select("#services tbody tr").eachText()).anySatisfy(row -> assertThat(row).startsWith("order-service ok"));
        assertThat(html.select("#changes span.add").eachText()).contains("+            in.transferTo(out);")
                .anySatisfy(line -> assertThat(line).contains("byId = HashMap.newHashMap(orders.size());"));
        // Totals merged per SKU: the invoice's line count only bounds the map's entries, so it is not sized for it.
        assertThat(html.select("#left-alone tbody tr").eachText()).anySatisfy(row -> assertThat(row)
                .startsWith("billing-service").contains("SizeHashCollectionsForElementCount",
                        "does not add exactly one element per iteration"));
        assertThat(html.select("#left-alone tbody tr").eachText()).anySatisfy(row -> assertThat(row)
                .startsWith("inventory-service").contains("UseVarHandleForByteReads", "3 bytes"));
        assertThat(html.select("#gains summary code").eachText()).contains("dev.rewriteperf.buffers.UseTransferToForCopyLoops");
        assertThat(html.select("#problems li")).isEmpty();
        assertThat(dir.resolve("work/logs/inventory-service.log")).content().contains("rewrite-maven-plugin");
        assertThat(dir.resolve("inventory-service/src/main/java/com/example/inventory/StockExport.java"))
                .content().contains("while ((n = in.read(buffer)) != -1)");

        // Each service's dry run is a standalone plugin invocation: the report over their outputs alone, as a last
        // CI job would run it after one job per service, says the same.
        Path merged = dir.resolve("merged");
        assertThat(Tool.commandLine().execute("report", "--out", merged.toString(),
                dir.resolve("order-service/target/rewrite").toString(), dir.resolve("billing-service").toString(),
                dir.resolve("inventory-service").toString())).isZero();
        Document again = Jsoup.parse(merged.resolve("report.html").toFile(), "UTF-8");
        assertThat(again.select("#totals").text()).isEqualTo(html.select("#totals").text());
    }
}
