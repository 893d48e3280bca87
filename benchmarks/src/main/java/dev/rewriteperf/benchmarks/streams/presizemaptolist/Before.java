package dev.rewriteperf.benchmarks.streams.presizemaptolist;

import java.util.List;
import java.util.stream.Collectors;

/** A size-preserving pipeline into a list. */
public class Before {

    public static List<String> trimmed(List<String> names) {
        return names.stream().map(name -> name.trim()).collect(Collectors.toList());
    }
}
