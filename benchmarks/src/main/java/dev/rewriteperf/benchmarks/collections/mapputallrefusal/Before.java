package dev.rewriteperf.benchmarks.collections.mapputallrefusal;

import java.util.HashMap;
import java.util.Map;

/** The refusal's evidence: the copy constructor a recipe could write here gains nothing, so none does. */
public class Before {
    public static Map<String, Integer> copy(Map<String, Integer> source) {
        Map<String, Integer> out = new HashMap<>();
        out.putAll(source);
        return out;
    }
}
