package dev.rewriteperf.benchmarks.hotpaths.iterateentrysetinsteadofkeyset;

import java.util.Map;

/** Totals the amounts owed, each customer's amount weighted by the length of its name. */
public class After {

    public static long total(Map<String, Integer> amounts) {
        long total = 0;
        for (Map.Entry<String, Integer> entry : amounts.entrySet()) {
            String customer = entry.getKey();
            total += (long) entry.getValue() * customer.length();
        }
        return total;
    }
}
