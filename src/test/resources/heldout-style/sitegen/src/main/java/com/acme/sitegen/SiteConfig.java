package com.acme.sitegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The site's {@code site.conf}: one {@code key = value} per line, {@code #} comments.
 *
 * <pre>
 * title   = Acme Engineering
 * baseUrl = https://eng.acme.com/
 * theme   = paper
 * plugins = toc, reading-time
 * serve   = localhost:4000/preview
 * </pre>
 */
public final class SiteConfig {

    static final int SCHEMA_VERSION = 3;
    static final int SCHEMA_HASH = Objects.hash(SCHEMA_VERSION, "sitegen", 4);

    private static final Set<String> DEFAULT_IGNORES = Set.of(".DS_Store", "Thumbs.db", ".git", "node_modules");
    private static final List<String> KNOWN_KEYS = List.of("title", "baseUrl", "theme", "content", "output", "static",
            "plugins", "serve", "ignore", "toc.min", "smartypants", "anchors");
    private static final Set<String> KNOWN_KEYS_LOWER = KNOWN_KEYS.stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

    private final Map<String, String> raw;
    private final Path base;
    private String title;
    private String baseUrl;
    private String theme;
    private String host;
    private int port;
    private List<String> plugins;
    private Set<String> ignores;
    private Map<String, String> params;

    private SiteConfig(Map<String, String> raw, Path base) {
        this.raw = raw;
        this.base = base;
    }

    public static SiteConfig load(Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        return parse(absolute.getFileName().toString(), Files.readAllLines(absolute), absolute.getParent());
    }

    static SiteConfig parse(String fileName, List<String> lines, Path base) {
        Map<String, String> raw = new LinkedHashMap<>();
        int lineNo = 0;
        for (String line : lines) {
            lineNo++;
            if (line.matches("\\s*(#.*)?")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(fileName + ":" + lineNo + ": expected key = value");
            }
            raw.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        return fromRaw(raw, base);
    }

    /** A copy with {@code -Dkey=value} overrides from the command line, given as key, value, key, value... */
    SiteConfig withOverrides(String... keyValues) {
        Map<String, String> copy = new LinkedHashMap<>(raw);
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            copy.put(keyValues[i], keyValues[i + 1]);
        }
        return fromRaw(copy, base);
    }

    private static SiteConfig fromRaw(Map<String, String> raw, Path base) {
        SiteConfig c = new SiteConfig(raw, base);
        c.title = raw.getOrDefault("title", "Untitled");
        String url = raw.getOrDefault("baseUrl", "");
        c.baseUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        c.theme = raw.getOrDefault("theme", "default");

        String serve = raw.getOrDefault("serve", "localhost:4000");
        int colon = serve.lastIndexOf(':');
        int end = serve.indexOf('/', colon);
        if (end < 0) {
            end = serve.length();
        }
        c.host = serve.substring(0, colon);
        int port = Integer.parseInt(serve.substring(colon + 1, end));
        assert port > 0 && port < 65536 : "serve port out of range: " + port;
        c.port = port;

        c.plugins = csv(raw.getOrDefault("plugins", ""));

        Set<String> ignores = new HashSet<>();
        ignores.addAll(DEFAULT_IGNORES);
        ignores.addAll(csv(raw.getOrDefault("ignore", "")));
        c.ignores = ignores;

        Map<String, String> params = new HashMap<>(raw.size());
        for (String key : raw.keySet()) {
            params.put(key.toLowerCase(Locale.ROOT), raw.get(key));
        }
        c.params = params;
        for (String key : params.keySet()) {
            if (!KNOWN_KEYS_LOWER.contains(key) && !key.startsWith("param.")) {
                System.err.println("site.conf: unknown key " + key);
            }
        }
        return c;
    }

    private static List<String> csv(String value) {
        if (value.isBlank()) {
            return List.of();
        }
        String[] parts = value.split(",");
        List<String> items = new ArrayList<>();
        for (String part : parts) {
            items.add(part.strip());
        }
        return items;
    }

    public String title() {
        return title;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public String theme() {
        return theme;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public List<String> plugins() {
        return plugins;
    }

    public Set<String> ignores() {
        return ignores;
    }

    public String param(String name) {
        return params.get(("param." + name).toLowerCase(Locale.ROOT));
    }

    public boolean flag(String name, boolean fallback) {
        String value = params.get(name.toLowerCase(Locale.ROOT));
        return value == null ? fallback : Boolean.parseBoolean(value);
    }

    public int tocMinHeadings() {
        return Integer.parseInt(params.getOrDefault("toc.min", "3"));
    }

    public Path contentDir() {
        return base.resolve(raw.getOrDefault("content", "content"));
    }

    public Path outputDir() {
        return base.resolve(raw.getOrDefault("output", "public"));
    }

    public Path staticDir() {
        return base.resolve(raw.getOrDefault("static", "static"));
    }

    public Path themeDir() {
        return base.resolve("themes").resolve(theme);
    }

    public Path stateFile() {
        return base.resolve(".sitegen").resolve("watch.bin");
    }

    @Override
    public String toString() {
        return String.format("SiteConfig[title=%s, baseUrl=%s, theme=%s, port=%s]", title, baseUrl, theme, port);
    }
}
