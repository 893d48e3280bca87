package dev.rewriteperf.benchmarks.streams.presizekeysthenvaluesarray;

import java.util.Map;

/** All keys, then all values, as one array (valkey-glide's flattenAllKeysFollowedByAllValues, without conversion). */
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
