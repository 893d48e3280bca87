package dev.rewriteperf.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What {@code benchmarks/} measured for each recipe, read from the JMH result files ({@code -rf json}) rather than
 * typed by hand: {@code <Recipe>Benchmark} measures recipe {@code <Recipe>}; a method {@code xAfter…} is compared with
 * {@code xBefore} of the same run and parameters, as {@code benchmarks/summarize.py} does.
 */
public final class Gains {

    private static final Pattern AFTER = Pattern.compile("^(.*?)(After\\w*|after\\w*)$");

    /** One before/after pair: time is the median of all measured iterations, bytes the GC profiler's B/op. */
    public record Gain(String file, String params, String variant, String unit, double timeBefore, double timeAfter,
                       double bytesBefore, double bytesAfter) {

        public double speedUp() {
            return timeBefore / timeAfter;
        }
    }

    private final Map<String, List<Gain>> byRecipe;

    private Gains(Map<String, List<Gain>> byRecipe) {
        this.byRecipe = byRecipe;
    }

    public static Gains none() {
        return new Gains(Map.of());
    }

    /** Every {@code *.json} in {@code results}; a file that is not a JMH result becomes a problem. */
    public static Gains read(Path results, List<String> problems) {
        Map<String, List<Gain>> byRecipe = new TreeMap<>();
        if (!Files.isDirectory(results)) {
            problems.add("no benchmark results at " + results);
            return new Gains(byRecipe);
        }
        try (Stream<Path> files = Files.list(results)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                try {
                    read(file, byRecipe);
                } catch (IOException | RuntimeException e) {
                    problems.add("could not read benchmark results " + file.getFileName() + " (" + e.getMessage() + ")");
                }
            }
        } catch (IOException e) {
            problems.add("could not list " + results + " (" + e.getMessage() + ")");
        }
        return new Gains(byRecipe);
    }

    private static void read(Path file, Map<String, List<Gain>> byRecipe) throws IOException {
        Map<String, Map<String, JsonNode>> runs = new LinkedHashMap<>();
        for (JsonNode result : new ObjectMapper().readTree(file.toFile())) {
            String benchmark = result.get("benchmark").asText();
            String klass = benchmark.substring(0, benchmark.lastIndexOf('.'));
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            String recipe = klass.substring(klass.lastIndexOf('.') + 1).replaceFirst("Benchmark$", "");
            runs.computeIfAbsent(recipe + "\u0000" + params(result), k -> new HashMap<>()).put(method, result);
        }
        for (Map.Entry<String, Map<String, JsonNode>> run : runs.entrySet()) {
            String[] key = run.getKey().split("\u0000", -1);
            for (Map.Entry<String, JsonNode> method : new TreeMap<>(run.getValue()).entrySet()) {
                Matcher after = AFTER.matcher(method.getKey());
                String baseline = after.matches() ? after.group(1) + (after.group(1).isEmpty() ? "before" : "Before") : null;
                JsonNode before = baseline == null ? null : run.getValue().get(baseline);
                if (before == null) {
                    continue;
                }
                JsonNode now = method.getValue();
                byRecipe.computeIfAbsent(key[0], k -> new ArrayList<>()).add(new Gain(file.getFileName().toString(), key[1],
                        baseline + " → " + method.getKey(), now.get("primaryMetric").get("scoreUnit").asText(),
                        median(before), median(now), bytes(before), bytes(now)));
            }
        }
    }

    private static String params(JsonNode result) {
        JsonNode params = result.get("params");
        if (params == null) {
            return "";
        }
        List<String> pairs = new ArrayList<>();
        params.fields().forEachRemaining(e -> pairs.add(e.getKey() + "=" + e.getValue().asText()));
        return String.join(", ", pairs);
    }

    private static double median(JsonNode result) {
        List<Double> values = new ArrayList<>();
        for (JsonNode fork : result.get("primaryMetric").get("rawData")) {
            fork.forEach(v -> values.add(v.asDouble()));
        }
        values.sort(Double::compare);
        int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }

    private static double bytes(JsonNode result) {
        JsonNode secondary = result.get("secondaryMetrics");
        JsonNode norm = secondary == null ? null : secondary.has("·gc.alloc.rate.norm") ? secondary.get("·gc.alloc.rate.norm") :
                secondary.get("gc.alloc.rate.norm");
        return norm == null ? Double.NaN : norm.get("score").asDouble();
    }

    /** The measured pairs of {@code recipe} ({@code dev.rewriteperf.buffers.UseTransferToForCopyLoops}), in file order. */
    public List<Gain> of(String recipe) {
        return byRecipe.getOrDefault(recipe.substring(recipe.lastIndexOf('.') + 1), List.of());
    }
}
