package com.acme.metrics.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Collectors;

/**
 * Meters keyed by name and tags. Instrumented code calls {@code counter(..)} and friends on every
 * operation; the exporter and the reporter read {@link #meters()} on every scrape and every tick.
 */
public final class MetricRegistry {

  private static final Set<String> RESERVED_TAGS;

  static {
    Set<String> reserved = new HashSet<>();
    reserved.addAll(Arrays.asList("le", "quantile", "__name__"));
    RESERVED_TAGS = Collections.unmodifiableSet(reserved);
  }

  private final ConcurrentMap<MetricId, Meter> meters = new ConcurrentHashMap<>();
  private final Map<String, String> commonTags;

  public MetricRegistry(Map<String, String> commonTags) {
    this.commonTags = new TreeMap<>(commonTags);
  }

  public Meter.Counter counter(String name, String... keyValues) {
    return (Meter.Counter) meters.computeIfAbsent(id(name, keyValues), Meter.Counter::new);
  }

  public Meter.Timer timer(String name, String... keyValues) {
    return (Meter.Timer) meters.computeIfAbsent(id(name, keyValues), Meter.Timer::new);
  }

  public Meter.Histogram histogram(String name, double[] bounds, String... keyValues) {
    return (Meter.Histogram) meters.computeIfAbsent(id(name, keyValues), id -> new Meter.Histogram(id, bounds));
  }

  private MetricId id(String name, String[] keyValues) {
    if (keyValues.length % 2 != 0) {
      throw new IllegalArgumentException("odd number of tag strings for " + name + ": " + keyValues.length);
    }
    Map<String, String> tags = new HashMap<>(commonTags);
    for (int i = 0; i < keyValues.length; i += 2) {
      if (RESERVED_TAGS.contains(keyValues[i])) {
        throw new IllegalArgumentException("tag name " + keyValues[i] + " is reserved");
      }
      tags.put(keyValues[i], keyValues[i + 1]);
    }
    return new MetricId(name, tags);
  }

  public List<Meter> meters() {
    List<Meter> all = new ArrayList<>();
    for (Meter meter : meters.values()) {
      all.add(meter);
    }
    return all;
  }

  /** Distinct metric names, for the health probe. */
  public Set<String> familyNames() {
    Set<String> names = meters.keySet().stream().map(MetricId::name).collect(Collectors.toSet());
    return names;
  }

  public boolean remove(MetricId id) {
    return meters.remove(id) != null;
  }

  @Override
  public String toString() {
    List<String> ids = new ArrayList<>();
    for (MetricId id : meters.keySet()) {
      ids.add(id.toString());
    }
    return "MetricRegistry" + ids;
  }
}
