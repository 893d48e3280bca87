package com.acme.features.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Request-time transforms. Everything here runs inside {@code FeatureServer.lookup}, once per requested
 * feature of every request, and inside the backfill for every record.
 */
public final class FeatureTransforms {

  private FeatureTransforms() {
  }

  public static Map<String, Float> applyAll(Map<String, Float> raw, TransformConfig config) {
    Map<String, Float> out = new LinkedHashMap<>();
    boolean clip = config.enabled("clip");
    boolean log1p = config.enabled("log1p");
    for (String name : raw.keySet()) {
      float v = raw.get(name);
      if (clip) {
        v = Math.max(config.clipMin(), Math.min(config.clipMax(), v));
      }
      if (log1p) {
        v = (float) Math.log1p(Math.max(0f, v));
      }
      out.put(name, v);
    }
    return out;
  }

  /** Normalises a categorical value before it is hashed into a bucket: "Android 14 (Pixel)" -> "android_14_pixel". */
  public static String normalizeCategory(String value) {
    String lower = value.trim().toLowerCase(Locale.ROOT);
    return lower.replaceAll("[^a-z0-9]+", "_");
  }

  public static List<Integer> bucketize(float[] values, float[] boundaries, String feature) {
    assert boundaries.length > 0 : String.format("no bucket boundaries for %s", feature);
    List<Integer> buckets = new ArrayList<>();
    for (float v : values) {
      buckets.add(bucketOf(v, boundaries));
    }
    return buckets;
  }

  static int bucketOf(float v, float[] boundaries) {
    int lo = 0;
    int hi = boundaries.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (v < boundaries[mid]) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** Crossed categorical feature, e.g. country x device: "de|android_14" truncated to keep keys short. */
  public static String cross(String left, String right, int maxPart) {
    StringBuilder sb = new StringBuilder(2 * maxPart + 1);
    int l = Math.min(maxPart, left.length());
    int r = Math.min(maxPart, right.length());
    sb.append(left.substring(0, l));
    sb.append('|');
    sb.append(right, 0, r);
    return sb.toString();
  }

  /** Day-of-year and weekday features from an ISO date such as "2024-03-15". */
  public static int[] calendarFeatures(String isoDate) {
    if (isoDate.length() < 10 || isoDate.charAt(4) != '-' || isoDate.charAt(7) != '-') {
      throw new IllegalArgumentException("expected yyyy-MM-dd, got '" + isoDate + "'");
    }
    int year = Integer.parseInt(isoDate.substring(0, 4));
    int month = Integer.parseInt(isoDate.substring(5, 7));
    int day = Integer.parseInt(isoDate.substring(8, 10));
    java.time.LocalDate date = java.time.LocalDate.of(year, month, day);
    return new int[] {date.getDayOfYear(), date.getDayOfWeek().getValue()};
  }

  /** One-hot index of {@code value} within a vocabulary; the backfill calls it for every record. */
  public static int oneHot(String value, List<String> vocabulary) {
    Map<String, Integer> index = new HashMap<>(vocabulary.size());
    for (String term : vocabulary) {
      index.put(term, index.size());
    }
    Integer i = index.get(normalizeCategory(value));
    return i == null ? vocabulary.size() : i;
  }
}
