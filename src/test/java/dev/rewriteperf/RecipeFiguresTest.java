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
 * {@code paired.py FAMILY --headlines} measured them into {@code benchmarks/results/paired/FAMILY-jdkN.json}; this test
 * recomputes each from those rounds, so a description cannot drift from the measurement behind it. Allocation is the
 * median B/op before and after ("58,322 -> 54,210 B/op", quoted for JDK 25 where it changes); time is the geometric
 * mean of the rounds' ratios with its paired t-interval ("2.03x faster (95 % interval 1.59-2.60x)") where the interval
 * excludes 1, and "within noise (95 % interval 0.91-1.90x)" where it does not: never a ratio the rounds do not resolve.
 */
class RecipeFiguresTest {

    private static final Path BENCHMARKS = Paths.get("benchmarks");
    /** Two-sided 95 % quantiles of Student's t by degrees of freedom (1-30), as summarize.py has them. */
    private static final double[] T_975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
            2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052,
            2.048, 2.045, 2.042};

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
        JsonNode rounds = rounds(headline);
        List<Double> logs = new ArrayList<>();
        List<Double> before = new ArrayList<>();
        List<Double> after = new ArrayList<>();
        rounds.forEach(round -> {
            logs.add(Math.log(round.get("before").asDouble() / round.get("after").asDouble()));
            before.add(round.get("beforeBytes").asDouble());
            after.add(round.get("afterBytes").asDouble());
        });
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double variance = logs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (logs.size() - 1);
        double margin = T_975[logs.size() - 2] * Math.sqrt(variance / logs.size());
        boolean resolved = Math.abs(mean) > margin;
        String time = resolved
                ? String.format(Locale.ROOT, "JDK %s: %.2fx faster (95 %% interval %.2f-%.2fx)", headline.jdk(), Math.exp(mean),
                        Math.exp(mean - margin), Math.exp(mean + margin))
                : String.format(Locale.ROOT, "JDK %s: within noise (95 %% interval %.2f-%.2fx)", headline.jdk(),
                        Math.exp(mean - margin), Math.exp(mean + margin));
        String description = descriptionOf("dev.rewriteperf." + headline.recipe());
        assertThat(description).contains(time);
        long bytesBefore = Math.round(median(before));
        long bytesAfter = Math.round(median(after));
        if (headline.jdk().equals("25") && bytesBefore != bytesAfter) {
            assertThat(description).contains(String.format(Locale.ROOT, "%,d -> %,d B/op", bytesBefore, bytesAfter));
        }
    }

    /** The headline's rounds in results/paired/FAMILY-jdkN.json. */
    private static JsonNode rounds(Headline headline) throws IOException {
        String family = headline.recipe().substring(0, headline.recipe().indexOf('.'));
        String simpleName = headline.recipe().substring(headline.recipe().indexOf('.') + 1);
        Path file = BENCHMARKS.resolve("results/paired").resolve(family + "-jdk" + headline.jdk() + ".json");
        for (JsonNode pair : new ObjectMapper().readTree(file.toFile()).get("pairs")) {
            String[] before = pair.get("before").asText().split("\\.(?=[^.]+$)");
            if (before[0].endsWith("." + simpleName + "Benchmark") && before[1].equals(headline.before()) &&
                pair.get("after").asText().endsWith("." + headline.after()) && pair.get("params").asText().equals(headline.params())) {
                return pair.get("rounds");
            }
        }
        throw new AssertionError("no paired rounds for " + headline + " in " + file + ": run paired.py " + family + " --headlines");
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
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
