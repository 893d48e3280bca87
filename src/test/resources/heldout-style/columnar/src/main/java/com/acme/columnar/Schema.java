package com.acme.columnar;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The schema stored in a file footer: the ordered leaf columns of the file.
 *
 * <p>A schema is rebuilt from the footer every time a file is opened and projected for every scan, so
 * nothing here is one-off setup except the static table below.
 */
public final class Schema {

  /** Logical type annotations this version understands, lower-cased. */
  static final Set<String> LOGICAL_TYPES;

  static {
    List<String> names = Arrays.asList("STRING", "ENUM", "DATE", "TIMESTAMP_MILLIS", "DECIMAL", "UUID", "JSON");
    Set<String> lower = names.stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    LOGICAL_TYPES = lower;
  }

  private final String name;
  private final List<ColumnDescriptor> columns;
  private final Map<String, ColumnDescriptor> byPath;

  public Schema(String name, List<ColumnDescriptor> columns) {
    this.name = name;
    this.columns = columns;
    Map<String, ColumnDescriptor> index = new HashMap<>(columns.size());
    for (ColumnDescriptor column : columns) {
      index.put(column.path(), column);
    }
    this.byPath = index;
  }

  public String name() {
    return name;
  }

  public List<ColumnDescriptor> columns() {
    return columns;
  }

  /** Narrows the schema to the requested columns; the scan planner calls this for every file it scans. */
  public Schema project(Collection<String> requested) {
    List<ColumnDescriptor> selected = requested.stream().map(this::column).collect(Collectors.toList());
    return new Schema(name, selected);
  }

  public ColumnDescriptor column(String path) {
    ColumnDescriptor column = byPath.get(path);
    if (column == null) {
      throw new NoSuchElementException("no column " + path.replaceAll("[^\\x20-\\x7e]", "?") + " in " + name);
    }
    return column;
  }

  /** Column paths in schema order; the row group writer asks for them for every row group it opens. */
  public String[] paths() {
    return columns.stream().map(ColumnDescriptor::path).toArray(String[]::new);
  }

  /** Leaf names; every row group writer checks each incoming record's field names against them. */
  public Set<String> leafNames() {
    return columns.stream().map(ColumnDescriptor::leafName).collect(Collectors.toSet());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schema && name.equals(((Schema) o).name) && columns.equals(((Schema) o).columns);
  }

  @Override
  public int hashCode() {
    return 31 * name.hashCode() + columns.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("schema ").append(name).append(" {").append(System.lineSeparator());
    for (String path : byPath.keySet()) {
      int def = byPath.get(path).maxDef();
      sb.append(String.format("  %s (def %s)%n", path, def));
    }
    return sb.append('}').toString();
  }
}
