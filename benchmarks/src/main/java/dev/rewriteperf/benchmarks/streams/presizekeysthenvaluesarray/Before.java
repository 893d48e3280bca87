package dev.rewriteperf.benchmarks.streams.presizekeysthenvaluesarray;

import java.util.Map;
import java.util.stream.Stream;

/** All keys, then all values, as one array (valkey-glide's flattenAllKeysFollowedByAllValues, without conversion). */
public class Before {

    public static String[] keysThenValues(Map<String, String> args) {
        return Stream.concat(args.keySet().stream(), args.values().stream()).toArray(String[]::new);
    }
}
