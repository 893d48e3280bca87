package com.acme.sitegen.content;

import java.nio.file.Path;
import java.text.Normalizer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One markdown source file of the site, with its front matter parsed.
 *
 * <pre>
 * ---
 * title: Getting started
 * date: 2024-03-18
 * tags: guide, setup
 * alt.fr: /fr/demarrage/
 * ---
 * # Getting started
 * </pre>
 */
public final class Page {

    private static final String DEFAULT_DATE = "1970-01-01";

    private final String sourcePath;
    private final String title;
    private final String slug;
    private final String permalink;
    private final String layout;
    private final String date;
    private final int weight;
    private final List<String> tags;
    private final Map<String, String> alternates;
    private final String body;

    private Page(String sourcePath, Map<String, String> frontMatter, String body) {
        this.sourcePath = sourcePath;
        this.title = frontMatter.getOrDefault("title", stem(sourcePath));
        String explicitSlug = frontMatter.get("slug");
        this.slug = explicitSlug != null ? explicitSlug : slugify(title);
        this.permalink = String.format("/%s/", slug);
        this.layout = frontMatter.getOrDefault("layout", "page");
        this.date = frontMatter.getOrDefault("date", DEFAULT_DATE);
        this.weight = Integer.parseInt(frontMatter.getOrDefault("weight", "0"));
        String rawTags = frontMatter.getOrDefault("tags", "").toLowerCase(Locale.ROOT);
        this.tags = rawTags.isBlank() ? List.of() : List.of(rawTags.strip().split("\\s*,\\s*"));
        Map<String, String> alt = new TreeMap<>();
        for (Map.Entry<String, String> e : frontMatter.entrySet()) {
            if (e.getKey().startsWith("alt.")) {
                alt.put(e.getKey().substring(4), e.getValue());
            }
        }
        this.alternates = Collections.unmodifiableMap(alt);
        this.body = body;
    }

    /** Parses one source file; called by the builder for every page on every build. */
    public static Page parse(String sourcePath, String text) {
        Map<String, String> frontMatter = new LinkedHashMap<>();
        if (!text.startsWith("---")) {
            return new Page(sourcePath, frontMatter, text);
        }
        int end = text.indexOf("\n---", 3);
        if (end < 0) {
            throw new IllegalArgumentException(sourcePath + ": front matter is never closed");
        }
        String header = text.substring(3, end);
        for (String line : header.split("\\r?\\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int colon = trimmed.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(sourcePath + ": front matter line without a colon: " + trimmed);
            }
            frontMatter.put(trimmed.substring(0, colon).strip(), unquote(trimmed.substring(colon + 1).strip()));
        }
        int bodyStart = text.indexOf('\n', end + 4);
        return new Page(sourcePath, frontMatter, bodyStart < 0 ? "" : text.substring(bodyStart + 1));
    }

    /** URL-safe form of a title or heading: "Héllo, World!" becomes "hello-world". */
    public static String slugify(String text) {
        String folded = Normalizer.normalize(text, Normalizer.Form.NFD).toLowerCase(Locale.ROOT);
        StringBuilder ascii = new StringBuilder(folded.length());
        for (int i = 0; i < folded.length(); i++) {
            char c = folded.charAt(i);
            if (c < 0x80) {
                ascii.append(c);
            }
        }
        String slug = ascii.toString().replaceAll("[^a-z0-9]+", "-");
        int from = 0;
        int to = slug.length();
        while (from < to && slug.charAt(from) == '-') {
            from++;
        }
        while (to > from && slug.charAt(to - 1) == '-') {
            to--;
        }
        return slug.substring(from, to);
    }

    private static String stem(String sourcePath) {
        String name = Path.of(sourcePath).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && value.charAt(0) == '"' && value.charAt(value.length() - 1) == '"') {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }

    public String sourcePath() {
        return sourcePath;
    }

    public String title() {
        return title;
    }

    public String slug() {
        return slug;
    }

    public String permalink() {
        return permalink;
    }

    public String layout() {
        return layout;
    }

    public String date() {
        return date;
    }

    public int year() {
        return Integer.parseInt(date.substring(0, 4));
    }

    public int weight() {
        return weight;
    }

    public List<String> tags() {
        return tags;
    }

    public Map<String, String> alternates() {
        return alternates;
    }

    public String body() {
        return body;
    }

    /** First directory of the source path: "blog/2024/x.md" is in section "blog". */
    public String section() {
        int slash = sourcePath.indexOf('/');
        return slash < 0 ? "" : sourcePath.substring(0, slash);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Page)) {
            return false;
        }
        Page other = (Page) o;
        return weight == other.weight && sourcePath.equals(other.sourcePath) && slug.equals(other.slug);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sourcePath, slug, weight);
    }

    @Override
    public String toString() {
        return String.format("Page[%s, slug=%s, layout=%s, weight=%s]", sourcePath, slug, layout, weight);
    }
}
