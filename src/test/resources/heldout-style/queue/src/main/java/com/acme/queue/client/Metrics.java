package com.acme.queue.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Counters and per-partition series of one consumer. The poll loop feeds it after every
 * batch and takes a snapshot for the backpressure check; the worker's /metrics endpoint
 * renders the latest snapshot.
 */
public final class Metrics {

  /** Key of a per-partition series. */
  static final class SeriesKey {
    private final String name;
    private final String topic;
    private final int partition;

    SeriesKey(String name, String topic, int partition) {
      this.name = name;
      this.topic = topic;
      this.partition = partition;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof SeriesKey)) {
        return false;
      }
      SeriesKey k = (SeriesKey) o;
      return partition == k.partition && name.equals(k.name) && topic.equals(k.topic);
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, topic, partition);
    }

    String line(long value) {
      return name + "{topic=\"" + topic + "\",partition=\"" + partition + "\"} " + value;
    }
  }

  private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();
  private final Map<SeriesKey, Long> series = new ConcurrentHashMap<>();
  private final Map<String, String> labels;
  private volatile List<String> assigned = List.of();

  public Metrics(Map<String, String> labels) {
    this.labels = new LinkedHashMap<>(labels);
  }

  private LongAdder counter(String name) {
    return counters.computeIfAbsent(name, n -> new LongAdder());
  }

  /** After every batch. */
  public void recordBatch(List<ConsumerRecord> batch, Set<TopicPartition> touched) {
    counter("batches").increment();
    counter("records").add(batch.size());
    for (TopicPartition tp : touched) {
      String metric = "records." + tp.metricKey().replaceAll("[^A-Za-z0-9_.-]", "_");
      counter(metric).increment();
    }
  }

  /** After every batch, for every partition the consumer has seen. */
  public void lag(TopicPartition tp, long value) {
    String key = tp.metricKey();
    assert value >= 0 : String.format("negative lag %s for %s", value, key);
    series.put(new SeriesKey("lag", tp.topic(), tp.partition()), value);
  }

  /** For every record a handler asked to see again. */
  public void retried(String retryKey) {
    counter("retries." + retryKey.replaceAll("/", ".")).increment();
  }

  public void skipped(String topic, String reason) {
    counter("skipped." + topic).increment();
  }

  public void deadLettered(String topic) {
    counter("dead-lettered." + topic).increment();
  }

  public void idlePartitions(int count) {
    series.put(new SeriesKey("idle_partitions", "*", -1), (long) count);
  }

  public void assigned(List<String> partitions) {
    this.assigned = List.copyOf(partitions);
  }

  public List<String> assigned() {
    return assigned;
  }

  /** Taken by the poll loop after every batch. */
  public Snapshot snapshot() {
    Map<String, Long> values = new TreeMap<>();
    for (String name : counters.keySet()) {
      values.put(name, counters.get(name).sum());
    }
    List<String> lines = series.entrySet().stream()
        .map(e -> e.getKey().line(e.getValue()))
        .collect(Collectors.toList());
    String[] labelPairs = Stream.concat(labels.keySet().stream(), labels.values().stream()).toArray(String[]::new);
    return new Snapshot(System.currentTimeMillis(), values, lines, labelPairs);
  }

  /** Counters at one moment; labelPairs holds every label name, then every label value. */
  public record Snapshot(long takenAt, Map<String, Long> counters, List<String> series, String[] labelPairs) {

    /** The text exposition format, produced for every scrape of /metrics. */
    public String render() {
      StringBuilder sb = new StringBuilder(1024);
      for (Map.Entry<String, Long> e : counters.entrySet()) {
        String name = e.getKey();
        long value = e.getValue();
        sb.append(String.format("%s %s%n", name, value));
      }
      for (String line : series) {
        sb.append(line).append('\n');
      }
      return sb.toString();
    }

    @Override
    public String toString() {
      return "Snapshot[at=" + takenAt + ", " + counters.size() + " counters, " + series.size() + " series]";
    }
  }
}
