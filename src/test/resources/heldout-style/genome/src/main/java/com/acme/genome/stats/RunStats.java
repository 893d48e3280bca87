package com.acme.genome.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Per-run read statistics: reads and bases per read group, and a histogram of mean read quality. */
public final class RunStats {

    private final Map<String, Long> readCounts = new TreeMap<>();
    private final Map<String, Long> baseCounts = new TreeMap<>();
    private final Map<Integer, Long> qualityHistogram = new TreeMap<>();

    /** Records one read; the pipeline's output stage calls this for every read. */
    public synchronized void record(String sample, int lane, int length, double meanQuality) {
        String group = String.format("%s/%s", sample, lane);
        readCounts.merge(group, 1L, Long::sum);
        baseCounts.merge(group, (long) length, Long::sum);
        qualityHistogram.merge((int) meanQuality, 1L, Long::sum);
    }

    /** Current values as metric name to value; the /metrics route calls this on every scrape. */
    public synchronized Map<String, String> scrape() {
        Map<String, String> metrics = new LinkedHashMap<>();
        for (String group : readCounts.keySet()) {
            metrics.put("genome_reads{group=\"" + group + "\"}", String.valueOf(readCounts.get(group)));
            metrics.put("genome_bases{group=\"" + group + "\"}", String.valueOf(baseCounts.get(group)));
        }
        for (Map.Entry<Integer, Long> e : qualityHistogram.entrySet()) {
            metrics.put("genome_mean_quality{q=\"" + e.getKey() + "\"}", String.valueOf(e.getValue()));
        }
        return metrics;
    }

    /** The end-of-run report; the CLI prints it to stderr when the last input is done. */
    @Override
    public synchronized String toString() {
        StringBuilder sb = new StringBuilder();
        for (String group : readCounts.keySet()) {
            long reads = readCounts.get(group);
            long bases = baseCounts.get(group);
            sb.append(String.format("%s\t%s reads\t%s bases%n", group, reads, bases));
        }
        List<String> buckets = qualityHistogram.entrySet().stream().map(e -> "Q" + e.getKey() + ":" + e.getValue()).collect(Collectors.toList());
        sb.append("mean quality: ").append(String.join(" ", buckets)).append(System.lineSeparator());
        return sb.toString();
    }
}
