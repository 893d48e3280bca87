package dev.rewriteperf.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Inputs shared by the benchmarks: distinct keys that look like ids, built once per trial. */
public final class Data {

    private Data() {
    }

    public static List<String> keys(int size) {
        List<String> keys = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            keys.add("order-" + Integer.toHexString(i * 0x9E3779B1));
        }
        return keys;
    }

    public static Map<String, Integer> map(int size) {
        Map<String, Integer> map = new LinkedHashMap<>();
        List<String> keys = keys(size);
        for (int i = 0; i < size; i++) {
            map.put(keys.get(i), i);
        }
        return map;
    }
}
