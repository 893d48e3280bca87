package dev.rewriteperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openrewrite.config.RecipeDescriptor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each recipe's description quotes its headlines ({@code benchmarks/headlines.tsv}: a pair and size per JDK), as
 * {@code paired.py FAMILY --headlines} measured them into {@code benchmarks/results/paired/FAMILY-jdkN.json}, and
 * {@code summarize.py} summarised each pair's rounds there (the statistics live in that one place); this test holds
 * each description (its {@code measured.tsv} sentence) to that summary, so it cannot drift from the measurement behind
 * it. Allocation is the median B/op before and after ("58,322 -> 54,210 B/op", quoted for JDK 25 where it changes);
 * time is the geometric mean of the rounds' ratios with its paired t-interval ("2.03x faster (95 % interval
 * 1.59-2.60x)") where the interval excludes 1, and "within noise (95 % interval 0.91-1.90x)" where it does not.
 */
class RecipeFiguresTest {

    private static final Path BENCHMARKS = Paths.get("benchmarks");
    /** One row of headlines.tsv: a recipe's pair and size on one JDK. */
    record Headline(String recipe, String jdk, String before, String after, String params) {
        @Override
        public String toString() {
            return recipe + " JDK " + jdk + " " + after + (params.isEmpty() ? "" : " " + params);
        }
    }

    static Stream<Headline> headlines() {
        try {
            List<Headline> rows = new ArrayList<>();
            for (String line : Files.readAllLines(BENCHMARKS.resolve("headlines.tsv"))) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] cells = (line + "\t").split("\t", -1);
                rows.add(new Headline(cells[0], cells[1], cells[2], cells[3], cells[4]));
            }
            return rows.stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @MethodSource("headlines")
    void descriptionQuotesTheMeasuredHeadline(Headline headline) throws IOException {
        JsonNode summary = summary(headline);
        double ratio = summary.get("ratio").asDouble();
        double low = summary.get("low").asDouble();
        double high = summary.get("high").asDouble();
        boolean resolved = low > 1 || high < 1;
        String time = resolved
                ? String.format(Locale.ROOT, "JDK %s: %.2fx faster (95 %% interval %.2f-%.2fx)", headline.jdk(), ratio, low, high)
                : String.format(Locale.ROOT, "JDK %s: within noise (95 %% interval %.2f-%.2fx)", headline.jdk(), low, high);
        String description = descriptionOf("dev.rewriteperf." + headline.recipe());
        assertThat(description).contains(time);
        long bytesBefore = Math.round(summary.get("bytesBefore").asDouble());
        long bytesAfter = Math.round(summary.get("bytesAfter").asDouble());
        if (headline.jdk().equals("25") && bytesBefore != bytesAfter) {
            assertThat(description).contains(String.format(Locale.ROOT, "%,d -> %,d B/op", bytesBefore, bytesAfter));
        }
    }

    /** The headline's summary in results/paired/FAMILY-jdkN.json, as summarize.py computed it from the rounds. */
    private static JsonNode summary(Headline headline) throws IOException {
        String family = headline.recipe().substring(0, headline.recipe().indexOf('.'));
        String simpleName = headline.recipe().substring(headline.recipe().indexOf('.') + 1);
        Path file = BENCHMARKS.resolve("results/paired").resolve(family + "-jdk" + headline.jdk() + ".json");
        for (JsonNode pair : new ObjectMapper().readTree(file.toFile()).get("pairs")) {
            String[] before = pair.get("before").asText().split("\\.(?=[^.]+$)");
            if (before[0].endsWith("." + simpleName + "Benchmark") && before[1].equals(headline.before()) &&
                pair.get("after").asText().endsWith("." + headline.after()) && pair.get("params").asText().equals(headline.params())) {
                assertThat(pair.has("summary")).as(headline + ": run summarize.py --write-summaries " + file).isTrue();
                return pair.get("summary");
            }
        }
        throw new AssertionError("no paired rounds for " + headline + " in " + file + ": run paired.py " + family + " --headlines");
    }

    @Test
    void everyRecipeOfThePackHasAHeadlineOnJdk25() {
        List<String> checked = new ArrayList<>();
        headlines().filter(h -> h.jdk().equals("25")).map(h -> "dev.rewriteperf." + h.recipe()).distinct().forEach(checked::add);
        assertThat(checked).containsExactlyInAnyOrderElementsOf(PackStructureTest.leafRecipes());
    }

    private static String descriptionOf(String recipe) {
        for (RecipeDescriptor descriptor : PackStructureTest.DESCRIPTORS) {
            if (descriptor.getName().equals(recipe)) {
                return descriptor.getDescription();
            }
        }
        throw new AssertionError("no recipe " + recipe);
    }
}
