package dev.rewriteperf.report.profiled;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A hot method (growing lists, a lambda's arrays), a cold one and a busy one that allocates nothing, for a real profile. */
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

    /**
     * A method reference that allocates in the JDK code it names ({@code StringBuilder(int)}): no {@code lambda$}
     * method, only the JVM's proxy class, whose frame names the interface method ({@code apply}).
     */
    public static int referenced(int rounds) {
        int sum = 0;
        for (int r = 0; r < rounds; r++) {
            sum += IntStream.range(64, 264).mapToObj(StringBuilder::new).mapToInt(StringBuilder::capacity).sum();
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

    /** CPU time without allocation: what a VarHandle rewrite speeds up, invisible to an allocation profile. */
    public static long spin(long until) {
        long x = 0;
        while (System.nanoTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 31 + i;
            }
        }
        return x;
    }

    static final class Nested {
        private Nested() {
        }

        /**
         * Written so that the arrays escape: an array read only for its length is removed by C2 once compiled. The
         * recordings call it for 600 rounds a call, a few percent of hot's bytes: few enough to rank below hot, enough
         * that sampling does not miss it (at 200 rounds a CI run once recorded no sample of it).
         */
        static volatile long[] last;

        static int helper(int rounds) {
            int sum = 0;
            for (int r = 0; r < rounds; r++) {
                long[] array = new long[256];
                array[r & 255] = r;
                last = array;
                sum += array.length;
            }
            return sum;
        }
    }

    public static int nested(int rounds) {
        return Nested.helper(rounds);
    }
}
