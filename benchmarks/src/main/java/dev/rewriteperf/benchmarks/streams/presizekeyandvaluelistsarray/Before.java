package dev.rewriteperf.benchmarks.streams.presizekeyandvaluelistsarray;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** All keys, then all values, as one array, collected by hand into two lists (valkey-glide's form before #5631). */
public class Before {

    public static String[] keysThenValues(Map<String, String> args) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> entry : args.entrySet()) {
            keys.add(entry.getKey());
            values.add(entry.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }
}
