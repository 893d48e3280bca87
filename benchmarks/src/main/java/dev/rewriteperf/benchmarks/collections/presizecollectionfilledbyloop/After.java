package dev.rewriteperf.benchmarks.collections.presizecollectionfilledbyloop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class After {
    public static List<String> upper(List<String> keys) {
        List<String> result = new ArrayList<>(keys.size());
        for (String key : keys) {
            result.add(key.toUpperCase());
        }
        return result;
    }

    public static Map<Integer, String> invert(Map<String, Integer> byName) {
        Map<Integer, String> byId = HashMap.newHashMap(byName.size());
        for (Map.Entry<String, Integer> e : byName.entrySet()) {
            byId.put(e.getValue(), e.getKey());
        }
        return byId;
    }
}
