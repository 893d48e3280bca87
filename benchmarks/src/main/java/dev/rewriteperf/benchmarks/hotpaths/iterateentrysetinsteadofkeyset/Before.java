package dev.rewriteperf.benchmarks.hotpaths.iterateentrysetinsteadofkeyset;

import java.util.Map;

/** Totals the amounts owed, each customer's amount weighted by the length of its name. */
public class Before {

    public static long total(Map<String, Integer> amounts) {
        long total = 0;
        for (String customer : amounts.keySet()) {
            total += (long) amounts.get(customer) * customer.length();
        }
        return total;
    }
}
