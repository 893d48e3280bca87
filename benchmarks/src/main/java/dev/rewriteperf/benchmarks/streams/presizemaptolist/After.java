package dev.rewriteperf.benchmarks.streams.presizemaptolist;

import java.util.ArrayList;
import java.util.List;

/** A size-preserving pipeline into a list. */
public class After {

    public static List<String> trimmed(List<String> names) {
        List<String> result = new ArrayList<>(names.size());
        for (String name : names) {
            result.add(name.trim());
        }
        return result;
    }
}
