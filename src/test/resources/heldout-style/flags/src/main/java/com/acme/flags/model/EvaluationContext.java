package com.acme.flags.model;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Who a flag is evaluated for: a key, a kind ("user", "device", "org") and the attributes the
 * application sent. The server builds one per evaluation request.
 */
public final class EvaluationContext {
  private final String key;
  private final String kind;
  private final Map<String, Object> attributes;
  private final Set<String> privateAttributes;
  private final Set<String> segments;

  public EvaluationContext(String key, String kind, Map<String, Object> attributes,
      Set<String> privateAttributes, Set<String> segments) {
    if (key == null || key.isEmpty()) {
      throw new IllegalArgumentException("context of kind " + kind + " has no key");
    }
    this.key = key;
    this.kind = kind;
    this.attributes = Collections.unmodifiableMap(attributes);
    this.privateAttributes = Collections.unmodifiableSet(privateAttributes);
    this.segments = Collections.unmodifiableSet(segments);
  }

  /**
   * Copy of {@code base} with the request's attribute overrides applied on top (the
   * {@code attr.*} query parameters). Called once per request that carries overrides.
   */
  public EvaluationContext(EvaluationContext base, Map<String, Object> overrides) {
    Map<String, Object> merged = new HashMap<>(base.attributes);
    merged.putAll(overrides);
    Set<String> hidden = new HashSet<>();
    hidden.addAll(base.privateAttributes);
    for (String name : overrides.keySet()) {
      if (name.startsWith("_")) {
        hidden.add(name);
      }
    }
    this.key = base.key;
    this.kind = base.kind;
    this.attributes = Collections.unmodifiableMap(merged);
    this.privateAttributes = Collections.unmodifiableSet(hidden);
    this.segments = base.segments;
  }

  public String key() {
    return key;
  }

  public String kind() {
    return kind;
  }

  public Set<String> segments() {
    return segments;
  }

  public boolean has(String name) {
    return "key".equals(name) || attributes.containsKey(name);
  }

  /** Attribute as a string for rule matching; called for each rule of each evaluation. */
  public String stringAttribute(String name) {
    Object value = "key".equals(name) ? key : attributes.get(name);
    return value == null ? null : value.toString();
  }

  /** The attributes an exposure event may carry: private ones removed. Per tracked exposure. */
  public Map<String, String> exportedAttributes() {
    Map<String, String> out = new HashMap<>();
    for (Map.Entry<String, Object> e : attributes.entrySet()) {
      out.put(e.getKey(), String.valueOf(e.getValue()));
    }
    out.keySet().removeAll(privateAttributes);
    return out;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof EvaluationContext)) {
      return false;
    }
    EvaluationContext other = (EvaluationContext) o;
    return key.equals(other.key) && kind.equals(other.kind) && attributes.equals(other.attributes)
        && segments.equals(other.segments);
  }

  @Override
  public int hashCode() {
    return Objects.hash(key, kind, attributes, segments);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(64);
    sb.append(String.format("Context{kind=%s, key=", kind));
    sb.append(key.substring(0, Math.min(6, key.length()))).append("...");
    for (String name : attributes.keySet()) {
      sb.append(", ").append(name).append('=');
      sb.append(privateAttributes.contains(name) ? "<private>" : attributes.get(name));
    }
    return sb.append('}').toString();
  }
}
