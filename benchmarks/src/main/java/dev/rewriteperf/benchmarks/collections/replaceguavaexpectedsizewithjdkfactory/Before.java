package dev.rewriteperf.benchmarks.collections.replaceguavaexpectedsizewithjdkfactory;

import com.google.common.collect.Maps;

import java.util.List;
import java.util.Map;

public class Before {
    public static Map<String, Integer> index(List<String> keys) {
        Map<String, Integer> index = Maps.newHashMapWithExpectedSize(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            index.put(keys.get(i), i);
        }
        return index;
    }
}
