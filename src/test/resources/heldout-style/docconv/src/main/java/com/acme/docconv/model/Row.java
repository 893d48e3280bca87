package com.acme.docconv.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One record of a document, whatever its format: the cells in the order the source declared them.
 * Rows are produced by the codecs one at a time and are never shared between threads.
 */
public final class Row {

  private final String source;
  private final int index;
  private final Map<String, String> cells;

  public Row(String source, int index, Map<String, String> cells) {
    if (index < 0) {
      throw new IllegalArgumentException("negative row index " + index + " in " + source);
    }
    this.source = source;
    this.index = index;
    this.cells = cells;
  }

  public static Row empty(String source, int index) {
    return new Row(source, index, new LinkedHashMap<>());
  }

  public String source() {
    return source;
  }

  public int index() {
    return index;
  }

  public Map<String, String> cells() {
    return Collections.unmodifiableMap(cells);
  }

  public Set<String> names() {
    return cells.keySet();
  }

  public String get(String name) {
    String value = cells.get(name);
    return value == null ? "" : value;
  }

  public void put(String name, String value) {
    cells.put(name, value);
  }

  /** The values of the given columns, in that order; called by every writer for every row. */
  public List<String> valuesFor(List<String> columns) {
    List<String> out = new ArrayList<>();
    for (String column : columns) {
      out.add(get(column));
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row other && index == other.index && source.equals(other.source);
  }

  @Override
  public int hashCode() {
    return Objects.hash(source, index);
  }

  @Override
  public String toString() {
    StringBuilder body = new StringBuilder();
    for (String name : cells.keySet()) {
      if (!body.isEmpty()) {
        body.append(", ");
      }
      body.append(name).append('=').append(cells.get(name));
    }
    String text = body.toString();
    return String.format("Row %s#%s {%s}", source, index, text);
  }
}
