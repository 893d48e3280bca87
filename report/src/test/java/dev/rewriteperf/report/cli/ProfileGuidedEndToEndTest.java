package dev.rewriteperf.report.cli;

import dev.rewriteperf.report.proc.Directories;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * From "record my service" to "rewrite only the hot methods": the order service's load test runs under a real JFR
 * recording, {@code profile} turns it into the hot-methods table, a dry run of the umbrella with that table (the stock
 * plugin, options in a {@code rewrite.yml}) rewrites the hot method and not the cold one of the same shape, the report
 * ranks by the recording, and the load test run again on the rewritten code allocates less per request.
 */
class ProfileGuidedEndToEndTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String ORDERS = "src/main/java/com/example/orders/";
    private static final List<String> WORKLOAD = List.of("Order.java", "OrderLines.java", "OrderWorkload.java");

    @Test
    void theHotMethodIsRewrittenTheColdOneNotAndTheReportRanksByTheRecording(@TempDir Path dir) throws Exception {
        Path service = dir.resolve("order-service");
        Directories.copy(ROOT.resolve("samples/order-service"), service);
        Path profiles = Files.createDirectories(dir.resolve("profiles"));
        Path recording = profiles.resolve("order-service.jfr");
        long bytesBefore = record(service, dir.resolve("classes-before"), recording);

        Path hotMethods = dir.resolve("hot-methods.csv");
        assertThat(Tool.commandLine().execute("profile", recording.toString(), "--package", "com.example",
                "--out", hotMethods.toString())).isZero();
        // Sampled weights vary from run to run (lineIds has 30-70 % of the bytes), CPU samples less (about half).
        assertThat(Files.readAllLines(hotMethods)).anySatisfy(row -> assertThat(row)
                .startsWith("com.example.orders.OrderLines,lineIds,(Ljava/util/List;)Ljava/util/List;,"));

        Path config = Files.writeString(dir.resolve("hot.yml"), """
                ---
                type: specs.openrewrite.org/v1beta/recipe
                name: com.example.HotPerformance
                displayName: Performance best practices, hot methods only
                description: The umbrella, limited to the methods the load test's recording found hot.
                recipeList:
                  - dev.rewriteperf.PerformanceBestPractices:
                      hotMethods: %s
                      minimumShare: 0.05
                """.formatted(hotMethods), StandardCharsets.UTF_8);
        Path report = dir.resolve("report");
        assertThat(Tool.commandLine().execute("bulk", "--maven", ROOT.resolve("scripts/mvn21").toString(),
                "--recipe", "com.example.HotPerformance", "--maven-arg", "-Drewrite.configLocation=" + config,
                "--workspace", dir.resolve("work").toString(), "--out", report.toString(),
                "--benchmarks", ROOT.resolve("benchmarks/results").toString(),
                "--profiles", profiles.toString(), "--package", "com.example", service.toString())).isZero();

        Document html = Jsoup.parse(report.resolve("report.html").toFile(), "UTF-8");
        assertThat(html.select("#problems li")).isEmpty();
        List<String> hotChanges = html.select("#hot-changes tbody tr").eachText();
        assertThat(hotChanges).hasSize(1);
        assertThat(hotChanges.get(0)).contains("OrderLines#lineIds", "PreSizeMapToList", "→ 4,040 B/op");
        assertThat(html.select("#hot-left-alone tbody tr").eachText()).singleElement().satisfies(row ->
                assertThat(row).contains("OrderLines#largeOrderIds", ".filter(..) makes the number of elements unknown"));
        // The reason's Markdown backticks are set as code, not shown.
        assertThat(html.select("#hot-left-alone tbody tr td code").eachText()).contains(".filter(..)");
        assertThat(html.select("#cold tbody tr").eachText())
                .anySatisfy(row -> assertThat(row).contains("OrderLines#auditIds", "cold: "))
                .anySatisfy(row -> assertThat(row).contains("OrderIndex", "cold: the recording sampled no allocation"));
        assertThat(html.select("#changes span.add").eachText()).anySatisfy(line -> assertThat(line).contains("new ArrayList<>(orders.size())"));

        apply(service);
        String rewritten = Files.readString(service.resolve(ORDERS + "OrderLines.java"));
        assertThat(rewritten).contains("return orders.stream().map(Order::id).collect(Collectors.toList());"); // auditIds, cold
        long bytesAfter = record(service, dir.resolve("classes-after"), dir.resolve("after.jfr"));
        assertThat(bytesAfter).isLessThan(bytesBefore * 3 / 4);
        System.out.printf("order-service load test: %,d -> %,d bytes allocated per request%n", bytesBefore, bytesAfter);
    }

    /**
     * Compiles the load test's classes and runs it in a JVM of its own, as a service is recorded: JFR with
     * {@code settings=profile}. Returns the bytes per request it prints.
     */
    private static long record(Path service, Path classes, Path recording) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString()));
        WORKLOAD.forEach(file -> args.add(service.resolve(ORDERS + file).toString()));
        assertThat(javac.run(null, null, null, args.toArray(String[]::new))).isZero();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process run = new ProcessBuilder(java, "-XX:StartFlightRecording:settings=profile,filename=" + recording,
                "-cp", classes.toString(), "com.example.orders.OrderWorkload", "200000").redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).as(output).isZero();
        Matcher perRequest = Pattern.compile("requests: ([0-9,]+) bytes allocated per request").matcher(output);
        assertThat(perRequest.find()).as(output).isTrue();
        return Long.parseLong(perRequest.group(1).replace(",", ""));
    }

    /** Applies the dry run's patch to the service, as {@code rewrite:run} would have changed it. */
    private static void apply(Path service) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "apply", "target/rewrite/rewrite.patch").directory(service.toFile())
                .redirectErrorStream(true).start();
        assertThat(git.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(git.exitValue()).as(new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
    }
}
