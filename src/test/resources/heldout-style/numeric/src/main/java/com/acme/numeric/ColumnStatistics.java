package com.acme.numeric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** Count, mean, standard deviation and range of one column; NaN cells are skipped. */
public final class ColumnStatistics {

    private static final Map<Matrix, List<ColumnStatistics>> CACHE = new ConcurrentHashMap<>();

    private final String column;
    private final long count;
    private final double mean;
    private final double stddev;
    private final double min;
    private final double max;

    ColumnStatistics(String column, long count, double mean, double stddev, double min, double max) {
        assert count >= 0 : String.format("negative count %s for column %s", count, column);
        this.column = column;
        this.count = count;
        this.mean = mean;
        this.stddev = stddev;
        this.min = min;
        this.max = max;
    }

    /** Statistics of every column of m; report requests for the same data are served from the cache. */
    public static List<ColumnStatistics> forMatrix(Matrix m) {
        return CACHE.computeIfAbsent(m, ColumnStatistics::compute);
    }

    private static List<ColumnStatistics> compute(Matrix m) {
        List<ColumnStatistics> result = new ArrayList<>();
        for (String name : m.columnNames()) {
            result.add(of(name, m.column(m.columnIndex(name))));
        }
        return result;
    }

    public static ColumnStatistics of(String column, double[] values) {
        double[] sums = newSums();
        for (double v : values) {
            add(sums, v);
        }
        return fromSums(column, sums);
    }

    /** n, sum, sum of squares, min, max. */
    private static double[] newSums() {
        return new double[] {0, 0, 0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    }

    private static void add(double[] sums, double v) {
        if (Double.isNaN(v)) {
            return;
        }
        sums[0]++;
        sums[1] += v;
        sums[2] += v * v;
        sums[3] = Math.min(sums[3], v);
        sums[4] = Math.max(sums[4], v);
    }

    private static ColumnStatistics fromSums(String column, double[] s) {
        long n = (long) s[0];
        double mean = n == 0 ? Double.NaN : s[1] / n;
        double variance = n < 2 ? 0.0 : (s[2] - n * mean * mean) / (n - 1);
        return new ColumnStatistics(column, n, mean, Math.sqrt(Math.max(variance, 0.0)), s[3], s[4]);
    }

    public String column() {
        return column;
    }

    public long count() {
        return count;
    }

    public double mean() {
        return mean;
    }

    /** One line of the statistics table; ReportWriter calls it for every column of every report. */
    public String reportLine() {
        return String.format("%s: n=%s mean=%s sd=%s range=[%s, %s]", column, count, mean, stddev, min, max);
    }

    public static List<String> reportLines(List<ColumnStatistics> stats) {
        return stats.stream().map(ColumnStatistics::reportLine).collect(Collectors.toList());
    }

    @Override
    public String toString() {
        return "ColumnStatistics{" + column + ", n=" + count + ", mean=" + mean + "}";
    }

    /** Running statistics, fed by the parser row by row while an upload streams in. */
    public static final class Accumulator implements CsvMatrixParser.RowListener {
        private final Map<String, double[]> sums = new LinkedHashMap<>();

        @Override
        public void onRow(int lineNumber, List<String> header, double[] values) {
            for (int c = 0; c < values.length; c++) {
                add(sums.computeIfAbsent(header.get(c), k -> newSums()), values[c]);
            }
        }

        /** Current figures; the live dashboard polls this after every batch of rows. */
        public List<ColumnStatistics> snapshot() {
            List<ColumnStatistics> out = new ArrayList<>(sums.size());
            for (String column : sums.keySet()) {
                double[] s = sums.get(column);
                out.add(fromSums(column, s));
            }
            return out;
        }
    }
}
