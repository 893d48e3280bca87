package com.shop.catalog;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Catalog display settings. One instance lives for the whole application, but configure(),
 * load() and describe() are called for every item or every request.
 */
public final class CatalogConfig {
    private static final String CACHE_NAME = String.format("%s-%s", "display-names", 2);
    private static final Map<String, String> DEFAULT_CATEGORIES = new HashMap<>();

    static {
        String[] pairs = "toys=Toys, books=Books; garden=Garden".split("[,;]\\s*");
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            DEFAULT_CATEGORIES.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
    }

    private final Set<String> hiddenTags;
    private final Map<String, String> baseNames = new HashMap<>();

    {
        Set<String> hidden = new HashSet<>();
        hidden.addAll(Arrays.asList("internal", "test", "draft"));
        hiddenTags = hidden;
    }

    /** Runs for every item of every order; the map it returns is used by the caller for this call only. */
    public Map<String, String> configure(String sku, String rawName, List<String> tags) {
        Map<String, String> settings = new HashMap<>();
        settings.put("cache", CACHE_NAME);
        settings.put("slug", slug(rawName));
        settings.put("display", displayName(sku, rawName));
        Set<String> visible = tags.stream().map(t -> t.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        visible.removeAll(hiddenTags);
        settings.put("tags", String.join(",", visible));
        String firstTag = tags.isEmpty() ? "" : tags.get(0);
        settings.put("category", DEFAULT_CATEGORIES.getOrDefault(firstTag, "Misc"));
        return settings;
    }

    private static String slug(String rawName) {
        return rawName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /** Caches base names; the key computation and the hit path run on every call. */
    private String displayName(String sku, String rawName) {
        String key = rawName.trim().replaceAll("\\s+", " ");
        String base = baseNames.get(key);
        if (base != null) {
            return String.format("%s [%s]", base, sku);
        }
        base = key.toLowerCase(Locale.ROOT);
        baseNames.put(key, base);
        return base + " [" + sku + "]";
    }

    /** Despite its name, parses the overrides parameter of every request. */
    public Map<String, String> load(String header) {
        String[] pairs = header.split("[,;]\\s*");
        Map<String, String> overrides = new HashMap<>(pairs.length);
        for (String pair : pairs) {
            String[] kv = pair.split("=", 2);
            overrides.put(kv[0], kv.length > 1 ? kv[1] : "");
        }
        return overrides;
    }

    /** Renders the overrides of a request for the response; called per request. */
    public String describe(Map<String, String> overrides) {
        StringBuilder sb = new StringBuilder();
        for (String name : overrides.keySet()) {
            String value = overrides.get(name);
            sb.append(name).append('=').append(value).append(';');
        }
        return sb.toString();
    }
}
