package dev.rewriteperf.benchmarks.streams.presizemaptolist;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A size-preserving pipeline into a list, and one whose list is added to a local list. */
public class Before {

    public static List<String> trimmed(List<String> names) {
        return names.stream().map(name -> name.trim()).collect(Collectors.toList());
    }

    public static List<String> appended(List<String> names) {
        List<String> lines = new ArrayList<>();
        lines.add("header");
        lines.addAll(names.stream().map(name -> name.trim()).collect(Collectors.toList()));
        return lines;
    }
}
