package dev.rewriteperf.benchmarks.hotpaths.precompileconstantregex;

import java.util.Locale;

/** The URL slug of a product title: computed for every link to a product page. */
public class Before {

    public static String slug(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        return lower.replaceAll("[^a-z0-9]+", "-");
    }
}
