package com.acme.resolver.metrics;

import com.acme.resolver.wire.RecordType;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Counters and latency histograms, served in the Prometheus text format by the /metrics
 * endpoint and read by the admin dashboard. Updated from every worker thread on every query.
 */
public final class Metrics {
  private static final String PREFIX = "resolver_";
  private static final String HELP = String.format("# HELP %squeries_total DNS queries received%n", PREFIX);
  private static final List<Integer> BUCKETS_MS = Arrays.asList(1, 5, 10, 25, 50, 100, 250, 1000, 5000);
  private static final String[] BUCKET_LABELS = BUCKETS_MS.stream().map(String::valueOf).toArray(String[]::new);
  private static final List<String> RESERVED = Arrays.asList("le", "quantile", "__name__", "job", "instance");
  private static final Set<String> RESERVED_LABELS = RESERVED.stream()
      .map(s -> s.toLowerCase(Locale.ROOT))
      .collect(Collectors.toSet());
  private static final List<String> BUILTIN_SERIES;
  private static final Map<Class<?>, String> EVENT_NAMES = new ConcurrentHashMap<>();

  static {
    List<String> names = Arrays.asList("queries_total", "cache_hit_total", "cache_miss_total", "servfail_total");
    List<String> series = names.stream().map(n -> PREFIX + n).collect(Collectors.toList());
    BUILTIN_SERIES = Collections.unmodifiableList(series);
  }

  private final ConcurrentHashMap<String, LongAdder> counters = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Histogram> histograms = new ConcurrentHashMap<>();

  public Metrics() {
    for (String series : BUILTIN_SERIES) {
      counters.put(series, new LongAdder());
    }
  }

  /** Counts one event object; the series is named after the event's class (CacheHit: cache_hit_total). */
  public void record(Object event) {
    String series = EVENT_NAMES.computeIfAbsent(event.getClass(), Metrics::seriesFor);
    counters.computeIfAbsent(series, k -> new LongAdder()).increment();
  }

  private static String seriesFor(Class<?> type) {
    StringBuilder sb = new StringBuilder(PREFIX);
    for (char c : type.getSimpleName().toCharArray()) {
      if (Character.isUpperCase(c) && sb.length() > PREFIX.length()) {
        sb.append('_');
      }
      sb.append(Character.toLowerCase(c));
    }
    return sb.append("_total").toString();
  }

  public void increment(String name, String label, String value) {
    if (RESERVED_LABELS.contains(label)) {
      throw new IllegalArgumentException("reserved label name " + label);
    }
    String metric = name.replaceAll("-", "_");
    String clean = value.replaceAll("[^A-Za-z0-9_.:-]", "_");
    String series = String.format("%s%s{%s=\"%s\"}", PREFIX, metric, label, clean);
    counters.computeIfAbsent(series, k -> new LongAdder()).increment();
  }

  public void observe(String name, Map<String, String> labels, long millis) {
    String[] pairs = labels.entrySet().stream()
        .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
        .toArray(String[]::new);
    String key = PREFIX + name + Arrays.toString(pairs);
    histograms.computeIfAbsent(key, k -> new Histogram(PREFIX + name, pairs)).observe(millis);
  }

  /** Body of GET /metrics. */
  public String scrape() {
    StringBuilder sb = new StringBuilder(8192);
    sb.append(HELP);
    for (String series : counters.keySet()) {
      long value = counters.get(series).sum();
      sb.append(String.format("%s %s%n", series, value));
    }
    for (Histogram h : histograms.values()) {
      h.writeTo(sb);
    }
    return sb.toString();
  }

  /** Queries per known record type, for the dashboard's table (GET /admin/types). */
  public Map<String, Long> queriesByType() {
    Map<String, Long> out = new HashMap<>();
    for (RecordType t : RecordType.values()) {
      LongAdder a = counters.get(PREFIX + "queries_total{qtype=\"" + t.name() + "\"}");
      out.put(t.name(), a == null ? 0L : a.sum());
    }
    return out;
  }

  static final class Histogram {
    private final String name;
    private final String labels;
    private final LongAdder[] buckets = new LongAdder[BUCKETS_MS.size()];
    private final LongAdder count = new LongAdder();
    private final LongAdder sum = new LongAdder();

    Histogram(String name, String[] pairs) {
      this.name = name;
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i + 1 < pairs.length; i += 2) {
        sb.append(pairs[i]).append("=\"").append(pairs[i + 1]).append("\",");
      }
      this.labels = sb.toString();
      for (int i = 0; i < buckets.length; i++) {
        buckets[i] = new LongAdder();
      }
    }

    void observe(long millis) {
      for (int i = 0; i < buckets.length; i++) {
        if (millis <= BUCKETS_MS.get(i)) {
          buckets[i].increment();
        }
      }
      count.increment();
      sum.add(millis);
    }

    void writeTo(StringBuilder sb) {
      for (int i = 0; i < buckets.length; i++) {
        sb.append(name).append("_bucket{").append(labels).append("le=\"").append(BUCKET_LABELS[i])
            .append("\"} ").append(buckets[i].sum()).append('\n');
      }
      sb.append(name).append("_count{").append(labels).append("} ").append(count.sum()).append('\n');
      sb.append(name).append("_sum{").append(labels).append("} ").append(sum.sum()).append('\n');
    }
  }
}
