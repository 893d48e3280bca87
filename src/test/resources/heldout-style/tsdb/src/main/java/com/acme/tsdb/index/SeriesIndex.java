package com.acme.tsdb.index;

import com.acme.tsdb.TsdbException;
import com.acme.tsdb.model.SeriesKey;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * In-memory series index: series key to id, and an inverted index from tag key and tag value to series ids.
 * The write path calls {@link #getOrCreate} for every point; the query engine calls {@link #match} and
 * {@link #resolve} for every query. The index is saved on flush and loaded once when the database opens.
 */
public final class SeriesIndex {

  static final String MEASUREMENT_TAG = "_m";

  private final Map<SeriesKey, Long> ids = new ConcurrentHashMap<>();
  private final Map<Long, SeriesKey> keys = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Set<Long>>> postings = new ConcurrentHashMap<>();
  private final AtomicLong nextId = new AtomicLong(1);

  public long getOrCreate(SeriesKey key) {
    Long id = ids.get(key);
    if (id != null) {
      return id;
    }
    synchronized (this) {
      id = ids.get(key);
      if (id == null) {
        id = nextId.get();
        register(id, key);
      }
      return id;
    }
  }

  private void register(long id, SeriesKey key) {
    ids.put(key, id);
    keys.put(id, key);
    post(MEASUREMENT_TAG, key.measurement(), id);
    String[] pairs = key.tagPairs();
    for (int i = 0; i < pairs.length; i += 2) {
      post(pairs[i], pairs[i + 1], id);
    }
    nextId.accumulateAndGet(id + 1, Math::max);
  }

  private void post(String tagKey, String tagValue, long id) {
    postings.computeIfAbsent(tagKey, k -> new ConcurrentHashMap<>())
        .computeIfAbsent(tagValue, v -> ConcurrentHashMap.newKeySet())
        .add(id);
  }

  public SeriesKey keyOf(long id) {
    SeriesKey key = keys.get(id);
    if (key == null) {
      throw new TsdbException(String.format(Locale.ROOT, "unknown series id %d", id));
    }
    return key;
  }

  /** Series of a measurement whose tags equal every filter. */
  public Set<Long> match(String measurement, Map<String, String> filters) {
    Set<Long> first = postings.getOrDefault(MEASUREMENT_TAG, Map.of()).getOrDefault(measurement, Set.of());
    Set<Long> result = new HashSet<>();
    result.addAll(first);
    for (String tagKey : filters.keySet()) {
      Set<Long> withValue = postings.getOrDefault(tagKey, Map.of()).getOrDefault(filters.get(tagKey), Set.of());
      result.retainAll(withValue);
      if (result.isEmpty()) {
        break;
      }
    }
    return result;
  }

  /** Series whose value of one tag matches a pattern the user sent (the query language's =~ operator). */
  public Set<Long> matchRegex(String tagKey, String pattern) {
    Set<Long> result = new HashSet<>();
    for (Map.Entry<String, Set<Long>> e : postings.getOrDefault(tagKey, Map.of()).entrySet()) {
      if (e.getKey().matches(pattern)) {
        result.addAll(e.getValue());
      }
    }
    return result;
  }

  /** Values of one tag key as {@code key=value}: the query API's tag-values endpoint, per request. */
  public List<String> tagValues(String tagKey) {
    Map<String, Set<Long>> byValue = postings.getOrDefault(tagKey, Map.of());
    return byValue.keySet().stream().map(v -> tagKey + "=" + v).collect(Collectors.toList());
  }

  /** Measurements of the given series: the query API's SHOW MEASUREMENTS, per request. */
  public Set<String> measurements(Collection<Long> seriesIds) {
    return seriesIds.stream().map(id -> keyOf(id).measurement()).collect(Collectors.toSet());
  }

  public Map<Long, SeriesKey> resolve(List<Long> seriesIds) {
    Map<Long, SeriesKey> resolved = new HashMap<>(seriesIds.size());
    for (Long id : seriesIds) {
      resolved.put(id, keyOf(id));
    }
    return resolved;
  }

  /** Series count per measurement, for the stats endpoint the dashboards poll every few seconds. */
  public Map<String, Integer> cardinality() {
    Map<String, Set<Long>> byMeasurement = postings.getOrDefault(MEASUREMENT_TAG, Map.of());
    Map<String, Integer> counts = new HashMap<>((int) (byMeasurement.size() / 0.75f) + 1);
    for (Map.Entry<String, Set<Long>> e : byMeasurement.entrySet()) {
      counts.put(e.getKey(), e.getValue().size());
    }
    return counts;
  }

  public Collection<SeriesKey> allKeys() {
    return keys.values();
  }

  public int size() {
    return ids.size();
  }

  public void save(Path file) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (Map.Entry<Long, SeriesKey> e : keys.entrySet()) {
        out.write(e.getKey() + "\t" + e.getValue().canonical() + "\n");
      }
    }
  }

  /** Reads the index file: once, when the database opens. */
  public static SeriesIndex load(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Map<Long, SeriesKey> byId = new HashMap<>(lines.size());
    for (String line : lines) {
      int tab = line.indexOf('\t');
      byId.put(Long.parseLong(line, 0, tab, 10), SeriesKey.parse(line.substring(tab + 1)));
    }
    SeriesIndex index = new SeriesIndex();
    for (Map.Entry<Long, SeriesKey> e : byId.entrySet()) {
      index.register(e.getKey(), e.getValue());
    }
    return index;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("SeriesIndex{");
    for (SeriesKey key : ids.keySet()) {
      sb.append("\n  ").append(key.canonical()).append(" -> ").append(ids.get(key));
    }
    return sb.append("\n}").toString();
  }
}
