package com.acme.sitegen;

import com.acme.sitegen.content.Page;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Page plugins, registered at startup and run by the builder on every page's HTML, in order. */
public final class PluginRegistry {

    /** A page plugin. {@link #onPage} is called once per rendered page, on every build. */
    public interface Plugin {
        String name();

        String onPage(Page page, String html);
    }

    private static final Map<Class<?>, String> DISPLAY_NAMES = new ConcurrentHashMap<>();

    private final Map<String, Plugin> byName = new LinkedHashMap<>();
    private List<Plugin> ordered = List.of();

    /** Human-readable name of a plugin class, for messages. */
    static String displayName(Class<?> type) {
        return DISPLAY_NAMES.computeIfAbsent(type, t -> t.isAnonymousClass()
                ? "inline plugin in " + t.getEnclosingClass().getSimpleName()
                : t.getSimpleName());
    }

    public void register(Plugin plugin) {
        String name = plugin.name();
        Plugin existing = byName.putIfAbsent(name, plugin);
        if (existing != null) {
            String kind = displayName(existing.getClass());
            throw new IllegalStateException(String.format("plugin %s is already registered by %s", name, kind));
        }
        ordered = List.copyOf(byName.values());
    }

    public List<Plugin> all() {
        return ordered;
    }

    /** Registers the plugins that ship with sitegen, then the ones the site names by class. */
    public void registerBuiltins(SiteConfig config) {
        register(new TableOfContents(config.tocMinHeadings()));
        register(new Plugin() {
            @Override
            public String name() {
                return "reading-time";
            }

            @Override
            public String onPage(Page page, String html) {
                int words = html.split("\\s+").length;
                int minutes = Math.max(1, words / 220);
                String badge = String.format("<p class=\"reading-time\">%s min read</p>%n", minutes);
                return badge + html;
            }
        });
        register(inline("external-links", (page, html) ->
                html.replaceAll("<a href=\"(https?://[^\"]+)\"", "<a rel=\"noopener\" href=\"$1\"")));

        List<String> builtin = ordered.stream().map(Plugin::name).collect(Collectors.toList());
        for (String wanted : config.plugins()) {
            if (!builtin.contains(wanted)) {
                loadExternal(wanted);
            }
        }
    }

    private void loadExternal(String className) {
        try {
            Class<?> type = Class.forName(className);
            register((Plugin) type.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalArgumentException("cannot load plugin class " + className, e);
        }
    }

    static Plugin inline(String name, BiFunction<Page, String, String> body) {
        return new Plugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String onPage(Page page, String html) {
                return body.apply(page, html);
            }
        };
    }

    /** Prepends a table of contents to pages with enough second-level headings. */
    static final class TableOfContents implements Plugin {
        private static final Pattern H2 = Pattern.compile("<h2 id=\"([^\"]*)\">");

        private final int minHeadings;

        TableOfContents(int minHeadings) {
            this.minHeadings = minHeadings;
        }

        @Override
        public String name() {
            return "toc";
        }

        @Override
        public String onPage(Page page, String html) {
            Matcher m = H2.matcher(html);
            List<String> ids = new ArrayList<>();
            while (m.find()) {
                ids.add(m.group(1));
            }
            if (ids.size() < minHeadings) {
                return html;
            }
            List<String> items = ids.stream().map(id -> "<li><a href=\"#" + id + "\">" + id + "</a></li>").collect(Collectors.toList());
            return "<nav class=\"toc\"><ul>" + String.join("", items) + "</ul></nav>\n" + html;
        }
    }

    @Override
    public String toString() {
        String[] names = ordered.stream().map(p -> displayName(p.getClass())).toArray(String[]::new);
        return "PluginRegistry" + Arrays.toString(names);
    }
}
