package dev.rewriteperf.report.profiled;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A hot method (growing lists, a lambda's arrays) and a cold one, for a real allocation profile. */
public final class Workload {

    private Workload() {
    }

    public static int hot(int rounds) {
        int sum = 0;
        for (int r = 0; r < rounds; r++) {
            List<byte[]> chunks = IntStream.range(0, 200).mapToObj(i -> new byte[512]).collect(Collectors.toList());
            List<Integer> grown = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                grown.add(i * r);
            }
            sum += chunks.size() + grown.size();
        }
        return sum;
    }

    public static int cold(int rounds) {
        int sum = 0;
        for (int r = 0; r < rounds; r++) {
            sum += new int[4].length;
        }
        return sum;
    }

    static final class Nested {
        private Nested() {
        }

        static int helper(int rounds) {
            int sum = 0;
            for (int r = 0; r < rounds; r++) {
                sum += new long[256].length;
            }
            return sum;
        }
    }

    public static int nested(int rounds) {
        return Nested.helper(rounds);
    }
}
