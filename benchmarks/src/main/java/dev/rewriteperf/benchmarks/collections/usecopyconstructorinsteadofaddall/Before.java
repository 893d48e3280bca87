package dev.rewriteperf.benchmarks.collections.usecopyconstructorinsteadofaddall;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class Before {
    public static Set<String> unique(List<String> keys) {
        Set<String> seen = new HashSet<>();
        seen.addAll(keys);
        return seen;
    }
}
