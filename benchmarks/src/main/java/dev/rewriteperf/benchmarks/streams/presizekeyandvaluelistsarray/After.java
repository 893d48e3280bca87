package dev.rewriteperf.benchmarks.streams.presizekeyandvaluelistsarray;

import java.util.Map;

/** All keys, then all values, as one array, collected by hand into two lists (valkey-glide's form before #5631). */
public class After {

    public static String[] keysThenValues(Map<String, String> args) {
        String[] result = new String[args.size() * 2];
        int i = 0;
        int j = args.size();
        for (Map.Entry<String, String> entry : args.entrySet()) {
            result[i++] = entry.getKey();
            result[j++] = entry.getValue();
        }
        return result;
    }
}
