package dev.rewriteperf.benchmarks.collections.mapputallrefusal;

import java.util.HashMap;
import java.util.Map;

public class CopyConstructor {
    public static Map<String, Integer> copy(Map<String, Integer> source) {
        Map<String, Integer> out = new HashMap<>(source);
        return out;
    }
}
