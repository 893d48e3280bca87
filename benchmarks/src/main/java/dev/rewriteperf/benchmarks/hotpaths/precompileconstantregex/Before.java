package dev.rewriteperf.benchmarks.hotpaths.precompileconstantregex;

import java.util.Locale;

/** The URL slug of a product title, and a product property's column: computed for every link and every attribute. */
public class Before {

    public static String slug(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        return lower.replaceAll("[^a-z0-9]+", "-");
    }

    public static String column(String property) {
        return property.replaceAll("-", "_");
    }
}
