package com.acme.templates.engine;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Entry point of the library: one instance per application, shared by every request thread.
 *
 * <pre>
 * TemplateEngine engine = new TemplateEngine(root, globals, true, "/assets", "2024.11", "en");
 * engine.render("shop/cart", model, locale, response.writer());
 * </pre>
 */
public final class TemplateEngine {

    private static final List<String> SUFFIXES = Arrays.asList("html", "txt", "xml");

    /** File suffixes of templates, with the dot; the precompiler asks for every file it walks. */
    private static final String[] DOTTED_SUFFIXES = SUFFIXES.stream().map(s -> "." + s).toArray(String[]::new);

    private final TemplateCache cache;
    private final TemplateParser parser;
    private final Map<String, Object> globals;
    private final boolean strict;
    private final String assetBase;

    public TemplateEngine(Path root, Map<String, Object> globals, boolean strict, String assetBase,
            String assetVersion, String defaultLanguage) {
        this.parser = new TemplateParser(assetVersion);
        this.cache = new TemplateCache(root, parser, defaultLanguage);
        this.globals = new HashMap<>(globals);
        this.strict = strict;
        this.assetBase = assetBase;
    }

    public static boolean isTemplateFile(String fileName) {
        for (String suffix : DOTTED_SUFFIXES) {
            if (fileName.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    /** Renders a cached template for one request. */
    public void render(String name, Map<String, Object> model, Locale locale, Writer out) throws IOException {
        Template template = cache.get(name, locale);
        if (strict) {
            checkModel(template, model);
        }
        template.render(new RenderContext(merged(model), locale, cache, assetBase), out);
    }

    /**
     * Renders template text that is not a file: CMS snippets, e-mail subjects stored with the content. The
     * text changes with the content, so it is parsed on every call and never cached.
     */
    public String renderInline(String source, Map<String, Object> model, Locale locale) {
        Template template = parser.parse("inline", source);
        StringWriter out = new StringWriter(source.length() * 2);
        try {
            template.render(new RenderContext(merged(model), locale, cache, assetBase), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    public TemplateCache cache() {
        return cache;
    }

    /** Globals overlaid with the request's model; null model values do not hide a global. */
    private Map<String, Object> merged(Map<String, Object> model) {
        Map<String, Object> all = new HashMap<>(globals);
        for (String key : model.keySet()) {
            Object value = model.get(key);
            if (value != null) {
                all.put(key, value);
            }
        }
        return all;
    }

    /** Strict mode: every root variable the template reads must be in the model or the globals. */
    private void checkModel(Template template, Map<String, Object> model) {
        Set<String> missing = new HashSet<>();
        missing.addAll(template.rootVariables());
        missing.removeAll(model.keySet());
        missing.removeAll(globals.keySet());
        if (!missing.isEmpty()) {
            String names = String.join(", ", missing);
            throw new TemplateException(template.name(), 0, String.format("the model lacks %s", names));
        }
    }
}
