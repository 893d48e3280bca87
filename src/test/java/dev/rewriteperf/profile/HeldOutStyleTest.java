package dev.rewriteperf.profile;

import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.PerformanceBestPractices;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openrewrite.ExecutionContext;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.RecipeRun;
import org.openrewrite.Result;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.internal.InMemoryLargeSourceSet;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.marker.JavaVersion;
import org.openrewrite.java.style.Autodetect;
import org.openrewrite.tree.ParseError;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 33's held-out case, as two readers who had not seen the rules wrote it from the text alone: small
 * projects (an order service with a parser and a registry; a shop whose per-request code looks like setup, in a
 * {@code ..Factory}, a {@code ..Config}, an {@code init()} called per request) with the pack's idioms on per-call
 * paths and in each cold context. Their {@code expected.tsv} says, for each spot, what the umbrella must do without a
 * profile: {@code rewrite}; {@code cold} (left alone, listed with a reason naming its context); {@code alone}
 * (per-call code its recipe leaves alone for its own reason, listed with it: a line that would outgrow the file);
 * {@code unseen} (a shape no recipe examines). They caught two defects before they were committed: rows on the wrong
 * line after an earlier recipe removed an import, and per-call regexes left alone for want of a name.
 * <p>
 * Two more were written the same way on 2026-11-27 for the families the first three hardly use: a record codec
 * ({@code codec}: byte reads and writes, read buffers, copy loops, class-keyed caches, substrings) and an event
 * pipeline ({@code pipeline}, Java 17: streams, sized collections, entry loops). They found every spot a CLI's
 * {@code main} reaches through its loops left alone as "called only from main", and two caches left alone for a
 * function reading {@code Locale.ROOT} or ending in {@code Field[]::new}. Where a recipe leaves a spot alone for
 * its own, documented reason the authors could not know (a regex no name says, a line that would outgrow its file), or
 * writes its row on another line of the same statement, the {@code why} column says what the author wrote.
 * <p>
 * Then a web framework with its demo app ({@code webapp}, Java 8) and a batch job runner ({@code batch}, Java 21),
 * 127 spots. They found a method linked from Javadoc taken for one called, a for loop's update taken to run once,
 * a per-chunk buffer left alone for a directory its caller creates once, and, over the two main-related questions,
 * that the authors mark main's own loop body cold but not what its loops over data call, and the routes a startup
 * method registers for a constant list cold. Where an author disagrees with a rule the issue states or the pack
 * adopted by measurement (catch blocks are cold; the hashCode() of a type nothing hashes; a call that costs more
 * than the rewrite saves; a public method only main calls is not cold for that), the row says "disagreement".
 * <p>
 * A third round on 2026-11-27 (afternoon): a TCP server library and its demo ({@code netserver}, Java 11), a JDBC-style
 * data access layer and its migration tool ({@code dao}, Java 8), a template engine and its CLI ({@code render},
 * Java 17), a game's tick loop ({@code sim}, Java 21), 282 spots. They found handlers written inside main (lambdas, an
 * anonymous class) and renderers a once-per-type method hands out taken for code that runs once, class-keyed caches
 * refused for the effects of the functions their function returns, a {@code List<?>} refused as a wildcard, and a
 * string dereferenced by the condition around its append taken to be maybe null. A spot with no row of its own is
 * reported with the rows on the lines around it, to tell a row written on another line of the same statement (a copy
 * loop's row is on the loop, not its buffer) from none.
 * <p>
 * A fourth round: a numeric and CSV library ({@code numeric}, Java 8) and a Spring Boot order service with stand-ins
 * for the Spring types it uses ({@code springsvc}, Java 17), and a message-queue consumer and its worker
 * ({@code queue}, Java 17), 212 spots; they found what Spring Boot runs once (a
 * {@code @Bean}'s runner, a listener of {@code ApplicationReadyEvent}) and an {@code @ExceptionHandler} taken for
 * per-call code.
 * <p>
 * A fifth round: a metrics library ({@code metrics}, Java 11), an image and audio format library with a batch CLI
 * ({@code imageio}, Java 17), a rules engine ({@code rules}, Java 8) and an API gateway ({@code gateway}, Java 21),
 * 281 spots. They found class-keyed caches refused for a comparator made, a class's package and a record of the file,
 * and a static nested class's regex left alone though the class could hold its pattern; their authors call per-file and
 * per-request work next to a file's or an upstream's I/O per-call code, where the pack's rule (measured by the
 * gauntlet's reviews) says it is not worth a rewrite, and say so in "disagreement" rows. With
 * {@code -Dheldout.rows=DIR} the test writes each case's rows to {@code DIR/<case>.tsv}.
 * <p>
 * A sixth round: a full-text search library and its indexing CLI ({@code search}, Java 17) and a pricing and tax
 * engine behind a REST facade ({@code pricing}, Java 11), 140 spots; they found a converter cache refused for
 * {@code BigDecimal.toPlainString}. Reading their stock-plugin diffs found a loop variable declared {@code ?}, which
 * broke the build: each case is now compiled after the umbrella, with {@code javac --release} of the case.
 * <p>
 * A seventh round: a template engine with a precompiler CLI and a servlet adapter ({@code templates}, Java 8) and an
 * IoT telemetry service ({@code telemetry}, Java 21), 140 spots. They found a cache of booleans a helper computes
 * refused as maybe null, a string dereferenced before in a lambda of an initialiser taken to be maybe null, a regex in
 * a cache's function reported on its class's line once the function had moved into {@code computeValue}, and a
 * servlet's {@code init} (which the pack now knows for javax and jakarta, not for the case's stand-in).
 * <p>
 * An eighth round: a geospatial library and tile server ({@code geo}, Java 11) and a chat server ({@code chat}, Java
 * 17), 141 spots. They found a cache of geometry writers refused because its function returns an interface's
 * anonymous object, as a lambda that is returned is not; the rest are the recipes' own limits (regexes no name
 * says, lines that would outgrow their files) and the two rules earlier authors disagreed with too.
 * <p>
 * On 2026-11-28 the pack took the side of the authors on two of those rules: code next to a file's or the network's
 * I/O is per-call code (40 rows of eight cases had disagreed), and a public method main calls once is main's setup,
 * cold (18 rows). A ninth round: a configuration DSL's compiler and evaluator ({@code dslc}, Java 11), a bank's CSV
 * and fixed-width importer ({@code etl}, Java 8), a game server ({@code arena}, Java 17) and a bioinformatics toolkit
 * ({@code genome}, Java 21), 281 spots. They found a frame's sequence number, read for every frame and named only
 * in one branch's exception message, taken for a message built only to be thrown, and a second run that named a
 * regex the first had left alone (an old and a new order number, once the old one had a name of its own); and three
 * regexes no name said (two words either of which matches, a set number of digits, what is not printable ASCII).
 * <p>
 * A tenth round, the same day: a double-entry ledger ({@code ledger}, Java 8), a static site generator
 * ({@code sitegen}, Java 17), a database wire-protocol driver ({@code wiredb}, Java 8) and an MQTT broker
 * ({@code mqtt}, Java 11), 279 spots. They found a message built in a switch's default case only to be thrown taken
 * for per-call code, a list that reads its own size beside its add, a keySet loop that calls a key's final getter,
 * and a map view of a call all refused, and regexes no name said (identifiers, a blank or comment line, what a
 * {@code require} method requires).
 * <p>
 * An eleventh round: an embedded key-value store ({@code kvstore}, Java 17), a payment gateway adapter
 * ({@code payments}, Java 11), a log shipping agent ({@code logship}, Java 8) and a document converter
 * ({@code docconv}, Java 21), 279 spots. They found no new defect; their differing rows are the recipes' own limits
 * and the rules earlier authors disagreed with (loops over configuration data reached from main, constructors,
 * text printed to the console).
 * <p>
 * A twelfth round: a GraphQL server library ({@code graphql}, Java 21), an exchange's matching engine
 * ({@code matching}, Java 17), a caching DNS resolver ({@code resolver}, Java 11) and a columnar file format library
 * ({@code columnar}, Java 8), 281 spots. They found a collection whose loop a local declared in between hid, a lexer's
 * final {@code source} field taken for one that may be null, a camel-case boundary regex no name said, and a lambda's
 * expression body in a field wrapped over two lines taken for a wrapped statement. Their other differing rows are
 * the recipes' limits (a map stored in a field after its loop, lines the rewrite would outgrow) and hash codes of
 * types nothing in the case hashes.
 * <p>
 * A thirteenth round: a time-series database ({@code tsdb}, Java 17), a mail library ({@code mime}, Java 8), an ML
 * feature store ({@code features}, Java 21) and a feature-flag SDK and server ({@code flags}, Java 11), 311 spots.
 * They found a bounded cache's miss (cleared when full) taken for once-per-key code, which left every flag evaluation
 * and query cold; collections a constructor sets in a private field and fills in the next loop, and ones sorted,
 * compared or hashed after their loop, left unsized; a string a {@code for} loop's condition dereferences taken to be
 * maybe null; and a class cache refused for {@code Function.identity()} or a JDK exception it throws. Two of the four
 * authors called once-per-file and startup-reload work cold, which the pack keeps per-call, and wrote an admin CLI's
 * commands, overrides of an interface, cold: their rows say "disagreement".
 */
class HeldOutStyleTest {

    @ParameterizedTest
    @CsvSource({"orders, 17", "shop, 11", "library, 8", "pipeline, 17", "codec, 11", "webapp, 8", "batch, 21",
                "netserver, 11", "dao, 8", "render, 17", "sim, 21", "numeric, 8", "springsvc, 17", "queue, 17",
                "metrics, 11", "imageio, 17", "rules, 8", "gateway, 21",
                "search, 17", "pricing, 11", "templates, 8", "telemetry, 21",
                "geo, 11", "chat, 17", "dslc, 11", "etl, 8", "arena, 17", "genome, 21",
                "ledger, 8", "sitegen, 17", "wiredb, 8", "mqtt, 11",
                "logship, 8", "payments, 11", "docconv, 21", "kvstore, 17",
                "graphql, 21", "matching, 17", "resolver, 11", "columnar, 8",
                "tsdb, 17", "mime, 8", "features, 21", "flags, 11"})
    void perCallSpotsAreRewrittenAndColdSpotsListedWithTheirContext(String project, String release) throws Exception {
        Path root = Paths.get(HeldOutStyleTest.class.getResource("/heldout-style/" + project).toURI());
        Map<String, List<PerformanceCandidates.Row>> rows = rowsBySpot(root, release);
        List<String> expected = Files.readAllLines(root.resolve("expected.tsv"), StandardCharsets.UTF_8);
        List<String> wrong = new ArrayList<>();
        for (String line : expected.subList(1, expected.size())) {
            String[] columns = line.split("\t");
            String spot = columns[0].substring("src/main/java/".length()) + ":" + columns[1];
            String problem = problem(columns[3], rows.getOrDefault(spot, new ArrayList<>()));
            if (problem != null) {
                wrong.add(spot + " (" + columns[2] + ", " + columns[4] + "): " + problem + nearby(rows, spot));
            }
        }
        List<String> listed = expected.subList(1, expected.size()).stream().map(l -> l.split("\\t"))
          .map(c -> c[0].substring("src/main/java/".length()) + ":" + c[1]).collect(Collectors.toList());
        rows.forEach((spot, at) -> {
            if (spot.endsWith(":0") || !listed.contains(spot) && at.stream().anyMatch(PerformanceCandidates.Row::isChanged)) {
                wrong.add(spot + ": a rewrite or a row the case does not list");
            }
        });
        assertThat(wrong).as("spots not treated as " + project + "/expected.tsv says").isEmpty();
        assertThat(expected).as("the case holds both kinds of spot")
          .anyMatch(l -> l.contains("\trewrite\t")).anyMatch(l -> l.contains("\tcold\t"));
    }

    /** The rows on the three lines either side of a spot that has none, to tell a row on another line from none. */
    private static String nearby(Map<String, List<PerformanceCandidates.Row>> rows, String spot) {
        if (rows.containsKey(spot)) {
            return "";
        }
        String file = spot.substring(0, spot.lastIndexOf(':') + 1);
        int line = Integer.parseInt(spot.substring(file.length()));
        List<String> near = new ArrayList<>();
        for (int at = line - 3; at <= line + 3; at++) {
            for (PerformanceCandidates.Row row : rows.getOrDefault(file + at, new ArrayList<>())) {
                near.add("line " + at + " " + (row.isChanged() ? "rewritten" : row.getReason()));
            }
        }
        return near.isEmpty() ? "" : "; nearby: " + near;
    }

    /** What is wrong with the rows at a spot, for what the case expects there; null when nothing. */
    private static String problem(String expected, List<PerformanceCandidates.Row> rows) {
        boolean rewritten = rows.stream().anyMatch(PerformanceCandidates.Row::isChanged);
        List<String> reasons = rows.stream().map(PerformanceCandidates.Row::getReason).collect(Collectors.toList());
        switch (expected) {
            case "rewrite":
                return rewritten ? null : "not rewritten: " + reasons;
            case "cold":
                return !rewritten && !rows.isEmpty() && reasons.stream().allMatch(r -> r.startsWith("cold: "))
                        ? null : "not listed as cold: " + (rewritten ? "rewritten" : reasons);
            case "alone":
                return !rewritten && !rows.isEmpty() && reasons.stream().noneMatch(r -> r.startsWith("cold: "))
                        ? null : "not left alone for its recipe's own reason: " + (rewritten ? "rewritten" : reasons);
            case "unseen":
                return rows.isEmpty() ? null : "examined: " + reasons;
            default:
                throw new IllegalArgumentException("expected.tsv: " + expected);
        }
    }

    /**
     * With {@code -Dheldout.rows=DIR}, every row of the run in {@code DIR/<case>.tsv} (line, recipe, changed or the
     * reason, candidate): what a new case's author is told where the pack differs.
     */
    private static void dump(Path root, List<PerformanceCandidates.Row> rows) throws IOException {
        String dir = System.getProperty("heldout.rows");
        if (dir == null) {
            return;
        }
        List<String> lines = new ArrayList<>();
        for (PerformanceCandidates.Row row : rows) {
            lines.add(String.join("\t", row.getSourcePath(), String.valueOf(row.getLine()), row.getRecipe(),
                    row.isChanged() ? "rewritten" : row.getReason(), row.getCandidate().replace('\n', ' ')));
        }
        Files.createDirectories(Paths.get(dir));
        Files.write(Paths.get(dir, root.getFileName() + ".tsv"), lines, StandardCharsets.UTF_8);
    }

    /**
     * The case as the umbrella leaves it compiles with {@code javac --release} of the case, as it did before: rows
     * alone would pass a rewrite that breaks the build (a loop variable once declared {@code ?}).
     */
    private static void assertCompiles(List<SourceFile> before, RecipeRun run, String release) throws IOException {
        Map<Path, String> after = new TreeMap<>();
        before.forEach(source -> after.put(source.getSourcePath(), source.printAll()));
        String changedTo = System.getProperty("heldout.after");
        for (Result result : run.getChangeset().getAllResults()) {
            if (result.getAfter() != null) {
                after.put(result.getAfter().getSourcePath(), result.getAfter().printAll());
                if (changedTo != null) {
                    // -Dheldout.after=DIR: each changed file as the umbrella leaves it, to read the diffs against the case
                    Path written = Paths.get(changedTo).resolve(result.getAfter().getSourcePath());
                    Files.createDirectories(written.getParent());
                    Files.write(written, result.getAfter().printAll().getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        Path dir = Files.createTempDirectory("heldout-after");
        try {
            List<String> arguments = new ArrayList<>(Arrays.asList("-proc:none", "-nowarn", "--release", release,
                    "-d", dir.resolve("classes").toString()));
            for (Map.Entry<Path, String> file : after.entrySet()) {
                Path written = dir.resolve("src").resolve(file.getKey());
                Files.createDirectories(written.getParent());
                Files.write(written, file.getValue().getBytes(StandardCharsets.UTF_8));
                arguments.add(written.toString());
            }
            ByteArrayOutputStream messages = new ByteArrayOutputStream();
            int status = ToolProvider.getSystemJavaCompiler().run(null, messages, messages, arguments.toArray(new String[0]));
            assertThat(status).as("the case after the umbrella's changes compiles for Java %s:%n%s", release,
                    messages.toString(StandardCharsets.UTF_8.name())).isZero();
        } finally {
            CompiledBenchmark.deleteRecursively(dir);
        }
    }

    /** The umbrella's rows over the case's sources, by {@code com/acme/Foo.java:line}, parsed for {@code release}. */
    private static Map<String, List<PerformanceCandidates.Row>> rowsBySpot(Path root, String release)
            throws IOException {
        ExecutionContext ctx = new InMemoryExecutionContext(e -> {
            throw new AssertionError("recipe or parser failed", e);
        });
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root.resolve("src/main/java"))) {
            files = walk.filter(f -> f.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
        List<SourceFile> sources = JavaParser.fromJavaVersion().build().parse(files, root, ctx)
                .map(s -> (SourceFile) s.withMarkers(s.getMarkers().add(
                        new JavaVersion(Tree.randomId(), "test", "test", release, release))))
                .collect(Collectors.toList());
        assertThat(sources).hasSize(files.size()).noneMatch(s -> s instanceof ParseError);
        // the style the plugin detects over the project and gives every file (a cast's space, the indentation)
        Autodetect.Detector detector = Autodetect.detector();
        sources.forEach(detector::sample);
        Autodetect style = detector.build();
        sources = sources.stream().map(s -> (SourceFile) s.withMarkers(s.getMarkers().add(style))).collect(Collectors.toList());
        RecipeRun run = new PerformanceBestPractices().run(new InMemoryLargeSourceSet(sources), ctx);
        assertCompiles(sources, run, release);
        List<PerformanceCandidates.Row> rows = run.getDataTableRows(PerformanceCandidates.class);
        dump(root, rows);
        return rows.stream().collect(Collectors.groupingBy(
          row -> row.getSourcePath().replace('\\', '/').substring("src/main/java/".length()) + ":" + row.getLine()));
    }
}
