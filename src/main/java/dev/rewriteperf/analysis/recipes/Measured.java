package dev.rewriteperf.analysis.recipes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * What a recipe's description says it gains, read from the one place the figures live: {@code measured.tsv} beside
 * the recipes, which {@code RecipeFiguresTest} checks against the benchmarks' paired results. Descriptions append it,
 * so no figure is typed into a recipe.
 */
public final class Measured {

    private static final String RESOURCE = "/dev/rewriteperf/measured.tsv";
    private static volatile Map<String, String> sentences;

    private Measured() {
    }

    /** The sentence for {@code recipe} ({@code hotpaths.InlineObjectsHash} for the class of that name). */
    public static String sentence(Class<?> recipe) {
        String name = recipe.getName().substring("dev.rewriteperf.".length());
        String sentence = sentences().get(name);
        if (sentence == null) {
            throw new IllegalStateException(RESOURCE + " has no sentence for " + name);
        }
        return sentence;
    }

    private static Map<String, String> sentences() {
        Map<String, String> read = sentences;
        if (read == null) {
            read = read();
            sentences = read;
        }
        return read;
    }

    private static Map<String, String> read() {
        Map<String, String> read = new HashMap<>();
        try (InputStream in = Measured.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the recipe jar");
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                int tab = line.indexOf('\t');
                if (!line.startsWith("#") && tab > 0) {
                    read.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return read;
    }
}
