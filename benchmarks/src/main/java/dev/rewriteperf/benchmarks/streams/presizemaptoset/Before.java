package dev.rewriteperf.benchmarks.streams.presizemaptoset;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** A size-preserving pipeline into a set, and a stream of a collection collected as it is. */
public class Before {

    public static Set<String> trimmed(List<String> names) {
        return names.stream().map(name -> name.trim()).collect(Collectors.toSet());
    }

    public static Set<String> copied(List<String> names) {
        return names.stream().collect(Collectors.toSet());
    }
}
