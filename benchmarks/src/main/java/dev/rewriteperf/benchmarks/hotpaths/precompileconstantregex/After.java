package dev.rewriteperf.benchmarks.hotpaths.precompileconstantregex;

import java.util.Locale;
import java.util.regex.Pattern;

/** The URL slug of a product title, and a product property's column: computed for every link and every attribute. */
public class After {

    private static final Pattern SLUG_PATTERN = Pattern.compile("[^a-z0-9]+");

    public static String slug(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        return SLUG_PATTERN.matcher(lower).replaceAll("-");
    }

    public static String column(String property) {
        return property.replace("-", "_");
    }
}
