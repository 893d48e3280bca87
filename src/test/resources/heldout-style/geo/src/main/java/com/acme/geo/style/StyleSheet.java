package com.acme.geo.style;

import com.acme.geo.model.Feature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringTokenizer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Layer styling, read once when the server starts from lines like {@code roads color=#ff8800 width=2}.
 * The tile encoder asks it about every feature it writes, so everything after {@link #load} is per feature.
 */
public final class StyleSheet {

    private static final Map<String, String> BUILTIN_COLORS = new LinkedHashMap<>();

    static {
        BUILTIN_COLORS.put("water", "#a0c8f0");
        BUILTIN_COLORS.put("land", "#f2efe9");
        BUILTIN_COLORS.put("roads", "#ffffff");
        BUILTIN_COLORS.put("buildings", "#d9d0c9");
        for (String color : BUILTIN_COLORS.values()) {
            if (!color.matches("#[0-9a-fA-F]{6}")) {
                throw new ExceptionInInitializerError("bad built-in colour " + color);
            }
        }
    }

    static final class Rule {
        final String layer;
        final Map<String, String> values;

        Rule(String layer, Map<String, String> values) {
            this.layer = layer;
            this.values = values;
        }

        static Rule parse(String line) {
            String trimmed = line.trim();
            int space = trimmed.indexOf(' ');
            if (space < 0) {
                return new Rule(trimmed, Collections.emptyMap());
            }
            Map<String, String> values = new LinkedHashMap<>();
            StringTokenizer words = new StringTokenizer(trimmed.substring(space + 1));
            while (words.hasMoreTokens()) {
                String word = words.nextToken();
                int eq = word.indexOf('=');
                values.put(eq < 0 ? word : word.substring(0, eq), eq < 0 ? "true" : word.substring(eq + 1));
            }
            return new Rule(trimmed.substring(0, space), values);
        }
    }

    private final List<Rule> rules;
    private final Map<String, String> defaults;

    private StyleSheet(List<Rule> rules, Map<String, String> defaults) {
        this.rules = rules;
        this.defaults = defaults;
    }

    /** Reads the style file. The server calls this once, from main, before it binds its port. */
    public static StyleSheet load(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Rule> rules = lines.stream().map(Rule::parse).collect(Collectors.toList());
        rules.removeIf(r -> r.layer.isEmpty() || r.layer.startsWith("#"));
        for (Rule rule : rules) {
            String color = rule.values.get("color");
            if (color != null && !color.matches("#[0-9a-fA-F]{6}|[a-z]+")) {
                throw new IOException(file + ": bad colour " + color + " for layer " + rule.layer);
            }
        }
        Map<String, String> defaults = new LinkedHashMap<>();
        defaults.put("color", "#808080");
        defaults.put("width", "1");
        defaults.put("minzoom", "0");
        return new StyleSheet(rules, defaults);
    }

    public int ruleCount() {
        return rules.size();
    }

    /** The rule of a feature's layer; layers may carry a zoom suffix (roads_z12) that styles ignore. */
    private Rule ruleFor(Feature f) {
        String base = f.layer().replaceFirst("_z\\d+$", "");
        for (Rule rule : rules) {
            if (rule.layer.equals(base)) {
                return rule;
            }
        }
        return null;
    }

    private String property(Feature f, String key) {
        String own = f.properties().get(key);
        if (own != null) {
            return own;
        }
        Rule rule = ruleFor(f);
        String ruled = rule == null ? null : rule.values.get(key);
        if (ruled != null) {
            return ruled;
        }
        return BUILTIN_COLORS.containsKey(f.layer()) && key.equals("color")
                ? BUILTIN_COLORS.get(f.layer()) : defaults.get(key);
    }

    /** Packed 0xRRGGBB colour of a feature, written into every feature record of a tile. */
    public int colorFor(Feature f) {
        String hex = property(f, "color");
        if (hex.length() != 7 || hex.charAt(0) != '#') {
            hex = defaults.get("color");
        }
        return Integer.parseInt(hex.substring(1, 7), 16);
    }

    /** Adds the style defaults a feature does not set itself to the tags the encoder writes for it. */
    public void appendStyleTags(Feature f, List<String> tags) {
        for (String key : defaults.keySet()) {
            if (!f.properties().containsKey(key)) {
                tags.add(key);
                tags.add(defaults.get(key));
            }
        }
    }

    /** Symbol table at the head of every tile: the default keys, then their values. */
    public String[] symbolTable() {
        return Stream.concat(defaults.keySet().stream(), defaults.values().stream()).toArray(String[]::new);
    }

    @Override
    public String toString() {
        String[] table = Stream.concat(defaults.keySet().stream(), defaults.values().stream())
                .toArray(String[]::new);
        return "StyleSheet{rules=" + rules.size() + ", defaults=" + Arrays.toString(table) + "}";
    }
}
