package com.acme.sitegen.content;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Mustache-like templates: {@code {{ page.title }}}, {@code {{ site.baseUrl }}}, {@code {{ page.title | upper }}}.
 * Values are read from maps, or from the public no-argument methods of any object.
 */
public final class TemplateEngine {

    private static final Map<Class<?>, Map<String, Method>> ACCESSORS = new ConcurrentHashMap<>();

    private final Path themeDir;
    private final String theme;
    private final Map<CacheKey, String> layouts = new ConcurrentHashMap<>();

    public TemplateEngine(Path themeDir, String theme) {
        this.themeDir = themeDir;
        this.theme = theme;
    }

    /** Drops the parsed layouts, after a layout file changed on disk. */
    public void clear() {
        layouts.clear();
    }

    /** Renders one page through its layout. */
    public String render(String layoutName, Map<String, Object> context) {
        String src = requireLayout(layouts.computeIfAbsent(new CacheKey(layoutName, theme), this::load), layoutName);
        StringBuilder out = new StringBuilder(src.length() * 2);
        int pos = 0;
        while (pos < src.length()) {
            int open = src.indexOf("{{", pos);
            if (open < 0) {
                break;
            }
            int close = src.indexOf("}}", open + 2);
            if (close < 0) {
                throw new TemplateException(layoutName + ": tag opened at offset " + open + " is never closed");
            }
            out.append(src.substring(pos, open));
            out.append(evaluate(src.substring(open + 2, close).strip(), context));
            pos = close + 2;
        }
        out.append(src, pos, src.length());
        return out.toString();
    }

    private String requireLayout(String src, String layoutName) {
        if (src == null) {
            String message = String.format("no layout %s in theme %s", layoutName, theme);
            throw new TemplateException(message);
        }
        return src;
    }

    private String load(CacheKey key) {
        Path file = themeDir.resolve(key.layout + ".html");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String evaluate(String expr, Map<String, Object> context) {
        String[] stages = expr.split("\\s*\\|\\s*");
        Object value = lookup(stages[0], context);
        for (int i = 1; i < stages.length; i++) {
            value = applyFilter(stages[i], value);
        }
        return value == null ? "" : value.toString();
    }

    private static Object lookup(String path, Map<String, Object> context) {
        int dot = path.indexOf('.');
        Object value = context.get(dot < 0 ? path : path.substring(0, dot));
        while (dot >= 0 && value != null) {
            int next = path.indexOf('.', dot + 1);
            String name = next < 0 ? path.substring(dot + 1) : path.substring(dot + 1, next);
            value = property(value, name);
            dot = next;
        }
        return value;
    }

    private static Object property(Object target, String name) {
        if (target instanceof Map) {
            return ((Map<?, ?>) target).get(name);
        }
        Method getter = accessorsOf(target.getClass()).get(name);
        if (getter == null || getter.getParameterCount() != 0) {
            return null;
        }
        try {
            return getter.invoke(target);
        } catch (ReflectiveOperationException e) {
            String typeName = target.getClass().getSimpleName();
            throw new TemplateException(String.format("cannot read %s on %s", name, typeName), e);
        }
    }

    static Map<String, Method> accessorsOf(Class<?> type) {
        return ACCESSORS.computeIfAbsent(type, TemplateEngine::scanAccessors);
    }

    private static Map<String, Method> scanAccessors(Class<?> type) {
        Method[] methods = type.getMethods();
        Map<String, Method> byName = new HashMap<>();
        for (Method method : methods) {
            byName.put(method.getName(), method);
        }
        return byName;
    }

    private static Object applyFilter(String filter, Object value) {
        String text = value == null ? "" : value.toString();
        switch (filter) {
            case "upper":
                return text.toUpperCase(Locale.ROOT);
            case "lower":
                return text.toLowerCase(Locale.ROOT);
            case "slug":
                return Page.slugify(text);
            case "escape":
                return Markdown.escape(text);
            default:
                throw new TemplateException("unknown filter: " + filter);
        }
    }

    /** Layouts are cached per theme, since a site may switch themes while being watched. */
    static final class CacheKey {
        private final String layout;
        private final String theme;

        CacheKey(String layout, String theme) {
            this.layout = layout;
            this.theme = theme;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof CacheKey)) {
                return false;
            }
            CacheKey other = (CacheKey) o;
            return layout.equals(other.layout) && theme.equals(other.theme);
        }

        @Override
        public int hashCode() {
            return Objects.hash(layout, theme);
        }
    }

    public static final class TemplateException extends RuntimeException {
        public TemplateException(String message) {
            super(message);
        }

        public TemplateException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
