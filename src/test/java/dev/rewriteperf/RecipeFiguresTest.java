package dev.rewriteperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rewriteperf.analysis.recipes.Measured;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    /** One row of headlines.tsv: a recipe's pair and size on one JDK, and on its first row the recipe's claim. */
    record Headline(String recipe, String jdk, String before, String after, String params, String claim) {
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
                String[] cells = (line + "\t\t").split("\t", -1);
                rows.add(new Headline(cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]));
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
        String time = "JDK " + headline.jdk() + ": " + timeText(summary);
        String description = descriptionOf("dev.rewriteperf." + headline.recipe());
        assertThat(description).contains(time);
        long bytesBefore = Math.round(summary.get("bytesBefore").asDouble());
        long bytesAfter = Math.round(summary.get("bytesAfter").asDouble());
        if (headline.jdk().equals("25") && bytesBefore != bytesAfter) {
            assertThat(description).contains(String.format(Locale.ROOT, "%,d -> %,d B/op", bytesBefore, bytesAfter));
        }
    }

    /**
     * measured.tsv, which descriptions append, is generated ({@code summarize.py --measured}): each recipe's claim in
     * headlines.tsv with {@code {bytes:i}} and {@code {time:i}} filled from its i-th row's summary. A figure typed into
     * it by hand, or results measured again without regenerating it, fail here.
     */
    @Test
    void measuredSentencesAreTheClaimsFilledFromTheResults() throws IOException, ClassNotFoundException {
        Map<String, List<Headline>> rows = new LinkedHashMap<>();
        headlines().forEach(h -> rows.computeIfAbsent(h.recipe(), r -> new ArrayList<>()).add(h));
        for (Map.Entry<String, List<Headline>> recipe : rows.entrySet()) {
            List<Headline> headlines = recipe.getValue();
            String sentence = headlines.get(0).claim();
            assertThat(sentence).as(recipe.getKey() + " has a claim on its first row").isNotEmpty();
            for (int i = 0; i < headlines.size(); i++) {
                JsonNode summary = summary(headlines.get(i));
                sentence = sentence.replace("{time:" + i + "}", timeText(summary))
                  .replace("{bytes:" + i + "}", String.format(Locale.ROOT, "%,d -> %,d B/op",
                    Math.round(summary.get("bytesBefore").asDouble()), Math.round(summary.get("bytesAfter").asDouble())));
            }
            assertThat(Measured.sentence(Class.forName("dev.rewriteperf." + recipe.getKey()))).as(recipe.getKey()).isEqualTo(sentence);
        }
    }

    /** "2.03x faster (95 % interval 1.59-2.60x)" where the interval excludes 1, else "within noise (...)". */
    private static String timeText(JsonNode summary) {
        double ratio = summary.get("ratio").asDouble();
        double low = summary.get("low").asDouble();
        double high = summary.get("high").asDouble();
        return low > 1 || high < 1
                ? String.format(Locale.ROOT, "%.2fx faster (95 %% interval %.2f-%.2fx)", ratio, low, high)
                : String.format(Locale.ROOT, "within noise (95 %% interval %.2f-%.2fx)", low, high);
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
