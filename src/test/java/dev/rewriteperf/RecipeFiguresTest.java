package dev.rewriteperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openrewrite.config.RecipeDescriptor;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each recipe's description quotes a headline figure (one for each form it measures apart); this test recomputes it
 * from the JMH results in {@code benchmarks/results/<Recipe>-<jdk>.json}, so a description cannot drift from the
 * measurement behind it.
 * Allocation figures are {@code gc.alloc.rate.norm} before and after ("58,322 -> 54,210 B/op"); time figures come from
 * {@code paired.py}'s interleaved rounds: the geometric-mean ratio with its 95 % interval ("2.03x faster (95 % interval
 * 1.59-2.60x)"), quoted only when the interval excludes 1.
 */
class RecipeFiguresTest {

    private static final Path RESULTS = Paths.get("benchmarks/results");
    /** Student's t, two-sided 95 %, for the round counts the paired files have (n rounds: n - 1 degrees of freedom). */
    private static final Map<Integer, Double> T_975_BY_ROUNDS = Map.of(6, 2.571, 8, 2.365, 10, 2.262, 12, 2.201);

    /** Exact bytes from the single run; a resolved time ratio, or one within noise, from the paired rounds. */
    enum Kind { BYTES, TIME, NOISE }

    /** Where a recipe's headline comes from: its results file, the two benchmark methods and the parameter. */
    static final class Headline {
        final String recipe;
        final String jdk;
        final String before;
        final String after;
        final String params;
        final Kind kind;

        Headline(String recipe, String jdk, String before, String after, String params, Kind kind) {
            this.recipe = recipe;
            this.jdk = jdk;
            this.before = before;
            this.after = after;
            this.params = params;
            this.kind = kind;
        }

        @Override
        public String toString() {
            return recipe;
        }
    }

    static Stream<Headline> headlines() {
        return Stream.of(
          new Headline("collections.SizeHashCollectionsForElementCount", "jdk25", "before", "after", "size=1000", Kind.BYTES),
          new Headline("collections.SizeHashCollectionsForElementCount", "jdk25", "before", "after", "size=1000", Kind.TIME),
          new Headline("collections.ReplaceCapacityFormulaWithFactory", "jdk25", "before", "after", "size=96", Kind.BYTES),
          new Headline("collections.ReplaceCapacityFormulaWithFactory", "jdk25", "before", "after", "size=96", Kind.NOISE),
          new Headline("collections.ReplaceGuavaExpectedSizeWithJdkFactory", "jdk25", "before", "after", "size=13", Kind.BYTES),
          new Headline("collections.ReplaceGuavaExpectedSizeWithJdkFactory", "jdk25", "before", "after", "size=13", Kind.TIME),
          new Headline("collections.PreSizeCollectionFilledByLoop", "jdk25", "listBefore", "listAfter", "size=1000", Kind.BYTES),
          new Headline("collections.PreSizeCollectionFilledByLoop", "jdk25", "listBefore", "listAfter", "size=1000", Kind.NOISE),
          new Headline("collections.UseCopyConstructorInsteadOfAddAll", "jdk25", "before", "after", "size=1000", Kind.BYTES),
          new Headline("collections.UseCopyConstructorInsteadOfAddAll", "jdk25", "before", "after", "size=1000", Kind.TIME),
          new Headline("caches.UseClassValueForClassKeyedCache", "jdk25", "before", "after", "classes=16", Kind.TIME),
          new Headline("streams.PreSizeFlatMapToArray", "jdk25", "keyValueStringBefore", "keyValueStringAfter", "size=1000", Kind.BYTES),
          new Headline("streams.PreSizeFlatMapToArray", "jdk25", "keyValueStringBefore", "keyValueStringAfter", "size=1000", Kind.TIME),
          new Headline("streams.PreSizeKeysThenValuesArray", "jdk25", "before", "after", "size=50", Kind.BYTES),
          new Headline("streams.PreSizeKeysThenValuesArray", "jdk25", "before", "after", "size=50", Kind.TIME),
          new Headline("streams.PreSizeKeyAndValueListsArray", "jdk25", "before", "after", "size=1000", Kind.BYTES),
          new Headline("streams.PreSizeKeyAndValueListsArray", "jdk25", "before", "after", "size=1000", Kind.TIME),
          new Headline("streams.PreSizeMapToArray", "jdk25", "before", "after", "size=1000", Kind.TIME),
          new Headline("streams.PreSizeMapToList", "jdk25", "before", "after", "size=1000", Kind.BYTES),
          new Headline("streams.PreSizeMapToList", "jdk25", "before", "after", "size=1000", Kind.NOISE),
          new Headline("streams.PreSizeMapToList", "jdk25", "appendedBefore", "appendedAfter", "size=1000", Kind.BYTES),
          new Headline("bytes.UseVarHandleForByteReads", "jdk25", "readLongBigEndianBefore", "readLongBigEndianAfter", "", Kind.TIME),
          new Headline("bytes.UseVarHandleForByteWrites", "jdk25", "writeLongBigEndianBefore", "writeLongBigEndianAfter", "", Kind.TIME),
          new Headline("buffers.ReadRocksDbValuesIntoReusedBuffer", "jdk25", "before", "after", "valueSize=4096", Kind.BYTES),
          new Headline("buffers.ReadRocksDbValuesIntoReusedBuffer", "jdk25", "before", "after", "valueSize=4096", Kind.TIME),
          new Headline("buffers.HoistReadBufferOutOfLoop", "jdk25", "checksumBefore", "checksumAfter", "size=1048576", Kind.BYTES),
          new Headline("buffers.HoistReadBufferOutOfLoop", "jdk25", "checksumBefore", "checksumAfter", "size=1048576", Kind.TIME),
          new Headline("buffers.UseTransferToForCopyLoops", "jdk25", "fileBefore", "fileAfter", "size=1048576", Kind.TIME),
          new Headline("hotpaths.InlineObjectsHash", "jdk25", "before", "after", "size=1", Kind.BYTES),
          new Headline("hotpaths.InlineObjectsHash", "jdk25", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.InlineObjectsHash", "jdk17", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.ReplaceStringFormatWithConcatenation", "jdk25", "before", "after", "size=1", Kind.BYTES),
          new Headline("hotpaths.ReplaceStringFormatWithConcatenation", "jdk25", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.ReplaceStringFormatWithConcatenation", "jdk17", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.ReplaceSubstringWithRange", "jdk25", "before", "after", "size=1", Kind.BYTES),
          new Headline("hotpaths.ReplaceSubstringWithRange", "jdk25", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.ReplaceSubstringWithRange", "jdk17", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.PrecompileConstantRegex", "jdk25", "before", "after", "size=1", Kind.BYTES),
          new Headline("hotpaths.PrecompileConstantRegex", "jdk25", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.PrecompileConstantRegex", "jdk17", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.ShareUnconfiguredObjectMapper", "jdk25", "before", "after", "size=1", Kind.BYTES),
          new Headline("hotpaths.ShareUnconfiguredObjectMapper", "jdk25", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.ShareUnconfiguredObjectMapper", "jdk17", "before", "after", "size=1", Kind.TIME),
          new Headline("hotpaths.ReuseEnumValuesArray", "jdk25", "before", "after", "size=100", Kind.BYTES),
          new Headline("hotpaths.ReuseEnumValuesArray", "jdk25", "before", "after", "size=100", Kind.TIME),
          new Headline("hotpaths.ReuseEnumValuesArray", "jdk25", "before", "after", "size=1", Kind.NOISE),
          new Headline("hotpaths.ReuseEnumValuesArray", "jdk17", "before", "after", "size=1", Kind.TIME));
    }

    @ParameterizedTest
    @MethodSource("headlines")
    void descriptionQuotesTheMeasuredHeadline(Headline headline) throws IOException {
        String simpleName = headline.recipe.substring(headline.recipe.indexOf('.') + 1);
        JsonNode results = new ObjectMapper().readTree(RESULTS.resolve(simpleName + "-" + headline.jdk + ".json").toFile());
        JsonNode before = find(results, headline.before, headline.params);
        JsonNode after = find(results, headline.after, headline.params);
        String figure = headline.kind == Kind.BYTES ?
                String.format(Locale.ROOT, "%,d -> %,d B/op", bytes(before), bytes(after)) : pairedFigure(headline);
        assertThat(descriptionOf("dev.rewriteperf." + headline.recipe)).contains(figure);
    }

    /**
     * "2.03x faster (95 % interval 1.59-2.60x)": the geometric mean of the rounds' ratios in
     * {@code benchmarks/results/paired/<family>-<Recipe>-jdk25.json} and its paired t-interval, as
     * {@code benchmarks/summarize.py} computes them.
     */
    private static String pairedFigure(Headline headline) throws IOException {
        String family = headline.recipe.substring(0, headline.recipe.indexOf('.'));
        String simpleName = headline.recipe.substring(headline.recipe.indexOf('.') + 1);
        JsonNode paired = new ObjectMapper().readTree(RESULTS.resolve("paired").resolve(family + "-" + simpleName + "-" + headline.jdk + ".json").toFile());
        for (JsonNode pair : paired.get("pairs")) {
            if (pair.get("before").asText().endsWith("." + headline.before) && pair.get("after").asText().endsWith("." + headline.after) &&
                pair.get("params").asText().equals(headline.params)) {
                List<Double> logs = new ArrayList<>();
                pair.get("rounds").forEach(round -> logs.add(Math.log(round.get("before").asDouble() / round.get("after").asDouble())));
                double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                double variance = logs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (logs.size() - 1);
                double margin = T_975_BY_ROUNDS.get(logs.size()) * Math.sqrt(variance / logs.size());
                if (headline.kind == Kind.NOISE) {
                    assertThat(Math.abs(mean)).as("\"within noise\" only when the interval holds 1").isLessThanOrEqualTo(margin);
                    return String.format(Locale.ROOT, "within noise (95 %% interval %.2f-%.2fx", Math.exp(mean - margin), Math.exp(mean + margin));
                }
                assertThat(Math.abs(mean)).as("a time ratio is quoted only when its interval excludes 1").isGreaterThan(margin);
                return String.format(Locale.ROOT, "%.2fx faster (95 %% interval %.2f-%.2fx)", Math.exp(mean),
                        Math.exp(mean - margin), Math.exp(mean + margin));
            }
        }
        throw new AssertionError("no paired rounds for " + headline.before + " / " + headline.after + " at " + headline.params);
    }


    @Test
    void everyRecipeOfThePackHasAHeadline() {
        List<String> checked = new ArrayList<>();
        headlines().map(headline -> "dev.rewriteperf." + headline.recipe).distinct().forEach(checked::add);
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

    private static JsonNode find(JsonNode results, String method, String params) {
        for (JsonNode result : results) {
            if (result.get("benchmark").asText().endsWith("." + method) && params(result).equals(params)) {
                return result;
            }
        }
        throw new AssertionError("no result for " + method + " at " + params);
    }

    private static String params(JsonNode result) {
        List<String> pairs = new ArrayList<>();
        JsonNode params = result.get("params");
        if (params != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> param = it.next();
                pairs.add(param.getKey() + "=" + param.getValue().asText());
            }
        }
        pairs.sort(null);
        return String.join(",", pairs);
    }

    private static long bytes(JsonNode result) {
        return Math.round(result.get("secondaryMetrics").get("gc.alloc.rate.norm").get("score").asDouble());
    }
}
