package dev.rewriteperf.benchmarks.streams.presizemaptoarray;

import java.util.List;

/** A size-preserving pipeline into an array. */
public class Before {

    public static CharSequence[] trimmed(List<String> names) {
        return names.stream().map(name -> name.trim()).toArray(CharSequence[]::new);
    }
}
