package dev.rewriteperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openrewrite.config.Environment;
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
 * Allocation figures are {@code gc.alloc.rate.norm} before and after ("58,322 -> 54,210 B/op"); time figures are the
 * ratio of the medians of all measured iterations ("2.9x faster"), as {@code benchmarks/summarize.py} computes them.
 */
class RecipeFiguresTest {

    private static final Path RESULTS = Paths.get("benchmarks/results");
    private static final Environment ENVIRONMENT = Environment.builder().scanRuntimeClasspath("dev.rewriteperf").build();

    enum Kind { BYTES, TIME }

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
          new Headline("collections.ReplaceCapacityFormulaWithFactory", "jdk25", "before", "after", "size=96", Kind.BYTES),
          new Headline("collections.ReplaceGuavaExpectedSizeWithJdkFactory", "jdk25", "before", "after", "size=13", Kind.BYTES),
          new Headline("collections.PreSizeCollectionFilledByLoop", "jdk25", "listBefore", "listAfter", "size=1000", Kind.BYTES),
          new Headline("collections.UseCopyConstructorInsteadOfAddAll", "jdk25", "before", "after", "size=1000", Kind.BYTES),
          new Headline("caches.UseClassValueForClassKeyedCache", "jdk25", "before", "after", "classes=16", Kind.TIME),
          new Headline("streams.PreSizeFlatMapToArray", "jdk25", "keyValueStringBefore", "keyValueStringAfter", "size=1000", Kind.BYTES),
          new Headline("streams.PreSizeKeysThenValuesArray", "jdk25", "before", "after", "size=50", Kind.BYTES),
          new Headline("streams.PreSizeKeyAndValueListsArray", "jdk25", "before", "after", "size=1000", Kind.BYTES),
          new Headline("streams.PreSizeMapToArray", "jdk25", "before", "after", "size=1000", Kind.TIME),
          new Headline("streams.PreSizeMapToList", "jdk25", "before", "after", "size=1000", Kind.BYTES),
          new Headline("streams.PreSizeMapToList", "jdk25", "appendedBefore", "appendedAfter", "size=1000", Kind.BYTES),
          new Headline("bytes.UseVarHandleForByteReads", "jdk25", "readLongBigEndianBefore", "readLongBigEndianAfter", "", Kind.TIME),
          new Headline("bytes.UseVarHandleForByteWrites", "jdk25", "writeLongBigEndianBefore", "writeLongBigEndianAfter", "", Kind.TIME),
          new Headline("buffers.ReadRocksDbValuesIntoReusedBuffer", "jdk25", "before", "after", "valueSize=4096", Kind.BYTES),
          new Headline("buffers.HoistReadBufferOutOfLoop", "jdk25", "checksumBefore", "checksumAfter", "size=1048576", Kind.BYTES),
          new Headline("buffers.UseTransferToForCopyLoops", "jdk25", "fileBefore", "fileAfter", "size=1048576", Kind.TIME));
    }

    @ParameterizedTest
    @MethodSource("headlines")
    void descriptionQuotesTheMeasuredHeadline(Headline headline) throws IOException {
        String simpleName = headline.recipe.substring(headline.recipe.indexOf('.') + 1);
        JsonNode results = new ObjectMapper().readTree(RESULTS.resolve(simpleName + "-" + headline.jdk + ".json").toFile());
        JsonNode before = find(results, headline.before, headline.params);
        JsonNode after = find(results, headline.after, headline.params);
        String figure = headline.kind == Kind.BYTES ?
                String.format(Locale.ROOT, "%,d -> %,d B/op", bytes(before), bytes(after)) :
                String.format(Locale.ROOT, "%.1fx faster", median(before) / median(after));
        assertThat(descriptionOf("dev.rewriteperf." + headline.recipe)).contains(figure);
    }

    @Test
    void everyRecipeOfThePackHasAHeadline() {
        List<String> checked = new ArrayList<>();
        headlines().map(headline -> "dev.rewriteperf." + headline.recipe).distinct().forEach(checked::add);
        assertThat(checked).containsExactlyInAnyOrderElementsOf(PackStructureTest.leafRecipes());
    }

    private static String descriptionOf(String recipe) {
        for (RecipeDescriptor descriptor : ENVIRONMENT.listRecipeDescriptors()) {
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

    private static double median(JsonNode result) {
        List<Double> all = new ArrayList<>();
        for (JsonNode fork : result.get("primaryMetric").get("rawData")) {
            for (JsonNode iteration : fork) {
                all.add(iteration.asDouble());
            }
        }
        all.sort(null);
        int n = all.size();
        return n % 2 == 1 ? all.get(n / 2) : (all.get(n / 2 - 1) + all.get(n / 2)) / 2;
    }
}
