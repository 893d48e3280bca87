package dev.rewriteperf.benchmarks.collections.usecopyconstructorinsteadofaddall;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class After {
    public static Set<String> unique(List<String> keys) {
        Set<String> seen = new HashSet<>(keys);
        return seen;
    }
}
