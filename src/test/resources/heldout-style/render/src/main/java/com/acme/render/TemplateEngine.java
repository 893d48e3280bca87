package com.acme.render;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Entry point. Templates are compiled on first use and kept in a {@link TemplateCache}; the web layer calls
 * {@link #render}, {@link #renderInline} or a {@link Handler} made by {@link #page} once per request.
 */
public final class TemplateEngine {

    /** Stand-in for the HTTP framework's callback: the framework calls {@code handle} once per request. */
    @FunctionalInterface
    public interface Handler {
        Response handle(Request request) throws IOException;
    }

    public record Request(String path, Map<String, String> query, Locale locale) {
    }

    public record Response(int status, String body, String[] headers) {
    }

    /** Stand-in for the client of the template service, where editors publish templates. */
    public interface TemplateSource {
        int version(String name) throws IOException;

        String fetch(String name) throws IOException;
    }

    static final String EXTENSION = "tmpl";

    private static final String[] DEFAULT_HEADERS;

    static {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "text/html; charset=utf-8");
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Cache-Control", "private, max-age=0");
        DEFAULT_HEADERS = headers.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    }

    private final Path root;
    private final TemplateSource remote;
    private final Path diskDir;
    private final boolean strict;
    private final TemplateCompiler compiler;
    private final TemplateCache cache;
    private final Renderer renderer;

    public TemplateEngine(Path root, TemplateSource remote, Path diskDir, FilterRegistry filters, boolean strict,
                          boolean debug) {
        this.root = root;
        this.remote = remote;
        this.diskDir = diskDir;
        this.strict = strict;
        this.compiler = new TemplateCompiler(filters);
        this.cache = new TemplateCache(512);
        this.renderer = new Renderer(filters, this::partial, debug);
    }

    public static TemplateEngine forDirectory(Path root, boolean strict) {
        return new TemplateEngine(root, null, null, new FilterRegistry(), strict, false);
    }

    public String render(String name, Map<String, Object> model, Locale locale) {
        Template template = cache.get(new TemplateCache.Key(name, locale, strict), this::load);
        if (strict) {
            checkModel(template, model);
        }
        // load the partials first, so that a missing one fails before any output is produced
        String[] partialNames = template.includeNames();
        for (String partialName : partialNames) {
            partial(partialName);
        }
        return renderer.render(template, model, locale);
    }

    /** CMS snippets: compiled on every call and never cached, since they change with every edit. */
    public String renderInline(String source, Map<String, Object> model, Locale locale) {
        Template template = compiler.compile("<inline>", source);
        return renderer.render(template, model, locale);
    }

    /** The CLI's path: every file is compiled and rendered once. */
    public String renderFile(Path file, Map<String, Object> model, Locale locale) throws IOException {
        String fileName = file.getFileName().toString();
        Template template = compiler.compile(fileName, readSource(file));
        return renderer.render(template, model, locale);
    }

    /** Prints the node tree, for {@code --dump-tree}. */
    public String dump(Path file) throws IOException {
        return compiler.compile(file.getFileName().toString(), readSource(file)).toString();
    }

    private Template partial(String name) {
        return cache.get(new TemplateCache.Key(name, Locale.ROOT, false), this::load);
    }

    private static void checkModel(Template template, Map<String, Object> model) {
        Set<String> missing = new HashSet<>();
        missing.addAll(template.rootVariables());
        missing.removeAll(model.keySet());
        if (!missing.isEmpty()) {
            String name = template.name();
            List<String> quoted = missing.stream().map(n -> "'" + n + "'").collect(Collectors.toList());
            String list = String.join(", ", quoted);
            throw new IllegalArgumentException(String.format("%s: the model has no %s", name, list));
        }
    }

    /** The cache's loader: runs on every miss, i.e. first use, eviction, or a new locale. */
    private Template load(TemplateCache.Key key) {
        String name = key.name();
        try {
            return compiler.compile(name, sourceOf(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read template " + name, e);
        }
    }

    private String sourceOf(String name) throws IOException {
        if (remote == null) {
            return readSource(root.resolve(String.format("%s.%s", name, EXTENSION)));
        }
        int version = remote.version(name);
        if (diskDir == null) {
            return remote.fetch(name);
        }
        Path local = diskDir.resolve(name + ".bin");
        if (Files.exists(local)) {
            String stored = TemplateCache.load(local, version);
            if (stored != null) {
                return stored;
            }
        }
        String fetched = remote.fetch(name);
        TemplateCache.store(local, fetched, version);
        return fetched;
    }

    static String readSource(Path file) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A handler for one page template; the framework calls it for every request to that page. */
    public Handler page(String templateName) {
        return request -> {
            Map<String, String> query = request.query();
            Map<String, Object> model = new HashMap<>(query.size());
            model.putAll(query);
            String body = render(templateName, model, request.locale());
            String[] parts = Stream.concat(query.keySet().stream(), query.values().stream()).toArray(String[]::new);
            int variant = Arrays.hashCode(parts);
            String etag = String.format("\"%s-%s\"", templateName, variant);
            String[] headers = Arrays.copyOf(DEFAULT_HEADERS, DEFAULT_HEADERS.length + 2);
            headers[headers.length - 2] = "ETag";
            headers[headers.length - 1] = etag;
            return new Response(200, body, headers);
        };
    }

    /** The /metrics handler, scraped every few seconds. */
    public Handler metrics() {
        return request -> {
            Map<String, Long> hits = cache.hitsByTemplate();
            StringBuilder sb = new StringBuilder(hits.size() * 48);
            for (String label : hits.keySet()) {
                Long count = hits.get(label);
                sb.append(String.format("template_hits{template=\"%s\"} %s%n", label, count));
            }
            return new Response(200, sb.toString(), new String[] {"Content-Type", "text/plain; version=0.0.4"});
        };
    }
}
