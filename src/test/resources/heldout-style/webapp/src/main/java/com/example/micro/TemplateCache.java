package com.example.micro;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * HTML templates with {@code {{name}}} placeholders. The built-in set is prepared lazily,
 * the first time any page is rendered (initialisation-on-demand holder), then shared.
 */
public final class TemplateCache {

    private static final String ROOT = "classpath:/templates/";
    private static final Map<String, String> BUILT_IN = new LinkedHashMap<>();

    static {
        BUILT_IN.put("product",
                "<html>\n  <head><title>{{title}}</title></head>\n  <body>\n    <h1>{{title}}</h1>\n    <p class=\"price\">{{price}}</p>\n    {{extra}}\n  </body>\n</html>\n");
        BUILT_IN.put("error",
                "<html>\n  <body>\n    <h1>{{status}}</h1>\n    <p>{{message}}</p>\n  </body>\n</html>\n");
    }

    private static final class Holder {
        static final Map<String, String> TEMPLATES = loadAll();
    }

    private static Map<String, String> loadAll() {
        Map<String, String> loaded = new HashMap<>();
        for (Map.Entry<String, String> template : BUILT_IN.entrySet()) {
            String compact = template.getValue().replaceAll("(?m)^[ \\t]+", "");
            loaded.put(template.getKey(), compact);
        }
        return loaded;
    }

    /** Renders a page; runs for every HTML response. Unknown placeholders render as nothing. */
    public String render(String name, Map<String, String> model) {
        String html = Holder.TEMPLATES.get(name);
        if (html == null) {
            throw new NoSuchElementException("no template '" + name + "' under " + ROOT);
        }
        for (String key : model.keySet()) {
            html = html.replace("{{" + key + "}}", escapeHtml(model.get(key)));
        }
        return html.replaceAll("\\{\\{[a-zA-Z_]+\\}\\}", "");
    }

    static String escapeHtml(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    @Override
    public String toString() {
        return "TemplateCache[" + Holder.TEMPLATES.size() + " templates from " + ROOT + "]";
    }
}
