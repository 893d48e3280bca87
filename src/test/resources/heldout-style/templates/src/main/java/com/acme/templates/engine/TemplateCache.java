package com.acme.templates.engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Parsed templates by name and language. The engine asks it once per render and once per include tag; a
 * template is read and parsed the first time it is asked for, or again after {@link #reloadAll()} in dev mode.
 */
public final class TemplateCache {

    private final ConcurrentMap<Key, Template> templates = new ConcurrentHashMap<>();
    private final Path root;
    private final TemplateParser parser;
    private final String defaultLanguage;

    public TemplateCache(Path root, TemplateParser parser, String defaultLanguage) {
        this.root = root;
        this.parser = parser;
        this.defaultLanguage = defaultLanguage;
    }

    public Template get(String name, Locale locale) {
        Key key = new Key(name, locale.getLanguage());
        Template template = templates.get(key);
        if (template == null) {
            template = load(key.name, key.lang);
            Template raced = templates.putIfAbsent(key, template);
            if (raced != null) {
                template = raced;
            }
        }
        return template;
    }

    private Template load(String name, String lang) {
        Path file = root.resolve(name + "_" + lang + ".html");
        if (!Files.exists(file)) {
            file = root.resolve(name + "_" + defaultLanguage + ".html");
        }
        if (!Files.exists(file)) {
            file = root.resolve(name + ".html");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return parser.parse(name, readSource(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read template " + name, e);
        }
    }

    /** Reads a whole template source; used by the cache on a miss and by the precompiler for every file. */
    public static String readSource(InputStream in) throws IOException {
        ByteArrayOutputStream source = new ByteArrayOutputStream();
        while (true) {
            byte[] chunk = new byte[4096];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            source.write(chunk, 0, n);
        }
        return new String(source.toByteArray(), StandardCharsets.UTF_8);
    }

    /** Dev mode: re-reads every cached template and returns the ones that no longer parse, with the reason. */
    public Map<String, String> reloadAll() {
        Map<String, String> failures = new LinkedHashMap<>();
        for (Key key : templates.keySet()) {
            try {
                templates.put(key, load(key.name, key.lang));
            } catch (TemplateException | UncheckedIOException e) {
                String reason = String.valueOf(e.getMessage());
                String oneLine = reason.replaceAll("\\s+", " ");
                failures.put(key.toString(), oneLine);
                templates.remove(key);
            }
        }
        return failures;
    }

    public int size() {
        return templates.size();
    }

    @Override
    public String toString() {
        String[] keys = templates.keySet().stream().map(Key::toString).toArray(String[]::new);
        Arrays.sort(keys);
        return "TemplateCache" + Arrays.toString(keys);
    }

    static final class Key {
        final String name;
        final String lang;

        Key(String name, String lang) {
            this.name = name;
            this.lang = lang;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Key)) {
                return false;
            }
            Key other = (Key) o;
            return name.equals(other.name) && lang.equals(other.lang);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, lang);
        }

        @Override
        public String toString() {
            return name + "[" + lang + "]";
        }
    }
}
