package dev.rewriteperf.report.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What {@code benchmarks/} measured for each recipe, read from the JMH result files ({@code -rf json}) and the
 * {@code paired.py} files under {@code paired/} (each pair's interval as {@code summarize.py} computed it, the one place
 * the statistics live) rather than typed by hand: {@code <Recipe>Benchmark} measures recipe
 * {@code <Recipe>}; a method {@code xAfter…} is compared with {@code xBefore} of the same run and parameters, as
 * {@code benchmarks/summarize.py} does.
 */
public final class Gains {

    private static final Pattern AFTER = Pattern.compile("^(.*?)(After\\w*|after\\w*)$");

    /**
     * One before/after pair. From a single JMH run ({@code rounds} 0): time is the median of all measured iterations,
     * and the ratio of two medians is not a resolved figure on a noisy machine. From {@code paired.py}: time is the
     * median over the rounds, and {@link #speedUp} the geometric mean of the rounds' ratios with its 95 % interval
     * {@code [low, high]}. Bytes are the GC profiler's B/op, exact either way.
     */
    public record Gain(String file, String params, String variant, String unit, double timeBefore, double timeAfter,
                       double bytesBefore, double bytesAfter, String jdk, int rounds, double ratio, double low, double high) {

        public double speedUp() {
            return rounds == 0 ? timeBefore / timeAfter : ratio;
        }

        public boolean paired() {
            return rounds > 0;
        }

        /** A paired ratio whose interval excludes 1. */
        public boolean resolved() {
            return paired() && (low > 1 || high < 1);
        }

        /** "1.98x faster [1.59, 2.46]", "within noise [0.96, 1.79]", or for a single run "not resolved (single run)". */
        public String time() {
            if (!paired()) {
                return "not resolved (single run)";
            }
            String interval = rounds < 2 ? "(one round: no interval)" : String.format(Locale.ROOT, "[%.2f, %.2f]", low, high);
            if (!resolved()) {
                return "within noise " + interval;
            }
            return String.format(Locale.ROOT, ratio >= 1 ? "%.2fx faster " : "%.2fx (slower) ", ratio) + interval;
        }

        /** "15,277 → 4,040 B/op", or empty when the run had no GC profiler. */
        public String bytes() {
            return Double.isNaN(bytesBefore) || Double.isNaN(bytesAfter) ? "" :
                    String.format(Locale.ROOT, "%,.0f → %,.0f B/op", bytesBefore, bytesAfter);
        }

        /** The largest number among the parameters, by which the headline size is chosen. */
        long size() {
            Matcher number = NUMBER.matcher(params);
            long largest = 0;
            while (number.find()) {
                String digits = number.group();
                largest = Math.max(largest, digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits));
            }
            return largest;
        }
    }

    private static final Pattern NUMBER = Pattern.compile("\\d+");
    private static final Pattern JDK_IN_NAME = Pattern.compile("-jdk(\\d+)\\.json$");
    private static final Pattern JDK_VERSION = Pattern.compile("\"(\\d+)");

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
        readAll(results, byRecipe, problems);
        if (Files.isDirectory(results.resolve("paired"))) {
            readAll(results.resolve("paired"), byRecipe, problems);
        }
        return new Gains(byRecipe);
    }

    private static void readAll(Path directory, Map<String, List<Gain>> byRecipe, List<String> problems) {
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                try {
                    JsonNode content = new ObjectMapper().readTree(file.toFile());
                    if (content.has("pairs")) {
                        readPaired(file, content, byRecipe);
                    } else {
                        read(file, content, byRecipe);
                    }
                } catch (IOException | RuntimeException e) {
                    problems.add("could not read benchmark results " + file.getFileName() + " (" + e.getMessage() + ")");
                }
            }
        } catch (IOException e) {
            problems.add("could not list " + directory + " (" + e.getMessage() + ")");
        }
    }

    /** A {@code paired.py} file: per pair and parameters, every round's median time and B/op of both sides. */
    private static void readPaired(Path file, JsonNode content, Map<String, List<Gain>> byRecipe) {
        Matcher version = JDK_VERSION.matcher(content.path("jdk").asText());
        String jdk = version.find() ? version.group(1) : content.path("jdk").asText();
        for (JsonNode pair : content.get("pairs")) {
            String before = pair.get("before").asText();
            String klass = before.substring(0, before.lastIndexOf('.'));
            String recipe = klass.substring(klass.lastIndexOf('.') + 1).replaceFirst("Benchmark$", "");
            String after = pair.get("after").asText();
            List<Double> times = new ArrayList<>();
            List<Double> timesAfter = new ArrayList<>();
            for (JsonNode round : pair.get("rounds")) {
                times.add(round.get("before").asDouble());
                timesAfter.add(round.get("after").asDouble());
            }
            if (times.isEmpty()) {
                continue;
            }
            JsonNode summary = pair.get("summary");
            if (summary == null) {
                throw new IllegalArgumentException("a pair without its summary: run benchmarks/summarize.py --write-summaries on it");
            }
            byRecipe.computeIfAbsent(recipe, k -> new ArrayList<>()).add(new Gain(file.getFileName().toString(),
                    pair.get("params").asText().replace(",", ", "), before.substring(before.lastIndexOf('.') + 1) + " → " +
                    after.substring(after.lastIndexOf('.') + 1), "ns/op", median(times), median(timesAfter),
                    figure(summary, "bytesBefore", Double.NaN), figure(summary, "bytesAfter", Double.NaN), jdk, times.size(),
                    figure(summary, "ratio", Double.NaN), figure(summary, "low", 0), figure(summary, "high", Double.POSITIVE_INFINITY)));
        }
    }

    /** A figure of a pair's summary; {@code none} where summarize.py wrote null (a bound that is not finite) or nothing. */
    private static double figure(JsonNode summary, String name, double none) {
        JsonNode value = summary.get(name);
        return value == null || value.isNull() ? none : value.asDouble();
    }

    private static void read(Path file, JsonNode content, Map<String, List<Gain>> byRecipe) {
        Matcher version = JDK_IN_NAME.matcher(file.getFileName().toString());
        String jdk = version.find() ? version.group(1) : "";
        Map<String, Map<String, JsonNode>> runs = new LinkedHashMap<>();
        for (JsonNode result : content) {
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
                        median(before), median(now), bytes(before), bytes(now), jdk, 0, Double.NaN, Double.NaN, Double.NaN));
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
        return median(values);
    }

    private static double median(List<Double> unsorted) {
        List<Double> values = new ArrayList<>(unsorted);
        values.sort(Double::compare);
        int n = values.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
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

    /**
     * The pairs the report shows for {@code recipe}: its paired runs when it has any (a single run's ratio of two
     * medians beside them would only repeat the same pair, unresolved), else every run.
     */
    public List<Gain> resolved(String recipe) {
        List<Gain> gains = of(recipe);
        boolean anyPaired = gains.stream().anyMatch(Gain::paired);
        return gains.stream().filter(g -> g.paired() == anyPaired).toList();
    }

    /**
     * The one pair the report quotes for {@code recipe}, chosen without looking at the figures: paired runs when
     * there are any, the newest JDK, the largest size, the first variant. Never the best of several noisy ratios.
     */
    public Optional<Gain> headline(String recipe) {
        return resolved(recipe).stream()
                .min(Comparator.comparingInt((Gain g) -> -jdkNumber(g.jdk())).thenComparingLong(g -> -g.size()));
    }

    private static int jdkNumber(String jdk) {
        return jdk.matches("\\d+") ? Integer.parseInt(jdk) : 0;
    }

    /** "15,277 → 4,040 B/op; time within noise [0.96, 1.79] (size=1000, JDK 25)", or empty when nothing was measured. */
    public String headlineText(String recipe) {
        return headline(recipe).map(g -> {
            String context = g.params().isEmpty() ? "JDK " + g.jdk() : g.params() + ", JDK " + g.jdk();
            String bytes = g.bytes();
            return (bytes.isEmpty() ? "" : bytes + "; ") + "time " + g.time() + " (" + context + ")";
        }).orElse("");
    }
}
