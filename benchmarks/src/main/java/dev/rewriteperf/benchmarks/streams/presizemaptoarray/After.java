package dev.rewriteperf.benchmarks.streams.presizemaptoarray;

import java.util.List;

/** A size-preserving pipeline into an array. */
public class After {

    public static CharSequence[] trimmed(List<String> names) {
        CharSequence[] result = new CharSequence[names.size()];
        int i = 0;
        for (String name : names) {
            result[i++] = name.trim();
        }
        return result;
    }
}
