package dev.rewriteperf.benchmarks.collections.sizehashcollectionsforelementcount;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class AfterJava8 {
    public static Map<String, Integer> index(List<String> keys) {
        Map<String, Integer> index = new HashMap<>((int) Math.ceil(keys.size() / 0.75));
        for (int i = 0; i < keys.size(); i++) {
            index.put(keys.get(i), i);
        }
        return index;
    }

    /** {@code previous} where it already indexes as many keys, else a new index of {@code keys}. */
    public static Map<String, Integer> index(List<String> keys, Map<String, Integer> previous, boolean reusable) {
        return reusable && previous.size() == keys.size() ? previous : index(keys);
    }
}
