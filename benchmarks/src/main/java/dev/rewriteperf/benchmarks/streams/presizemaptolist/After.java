package dev.rewriteperf.benchmarks.streams.presizemaptolist;

import java.util.ArrayList;
import java.util.List;

/** A size-preserving pipeline into a list, and one whose list is added to a local list. */
public class After {

    public static List<String> trimmed(List<String> names) {
        List<String> result = new ArrayList<>(names.size());
        for (String name : names) {
            result.add(name.trim());
        }
        return result;
    }

    public static List<String> appended(List<String> names) {
        List<String> lines = new ArrayList<>();
        lines.add("header");
        for (String name : names) {
            lines.add(name.trim());
        }
        return lines;
    }
}
