package dev.rewriteperf.benchmarks.streams.presizemaptoset;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A size-preserving pipeline into a set, and a stream of a collection collected as it is. */
public class After {

    public static Set<String> trimmed(List<String> names) {
        Set<String> result = HashSet.newHashSet(names.size());
        for (String name : names) {
            result.add(name.trim());
        }
        return result;
    }

    public static Set<String> copied(List<String> names) {
        return new HashSet<>(names);
    }
}
