package com.acme.etl.mapping;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Source-to-target column mapping of one feed, read once per run from the feed's mapping.properties:
 *
 * <pre>
 * feed.name=ledger-eu
 * feed.format=fixed
 * feed.table=STG.BOOKING
 * column.ACCOUNT_NO=0-24
 * column.AMOUNT=24-39 : amount
 * column.CURRENCY=39-42 : code
 * column.VALUE_DATE=42-50
 * column.REFERENCE=50-85
 * </pre>
 *
 * CSV feeds name a header column instead of a range: {@code column.AMOUNT=Betrag : amount}.
 */
public final class ColumnMapping {

  public enum Kind { TEXT, AMOUNT, CODE, DATE }

  static final String COLUMN_PREFIX = "column.";

  /** Target columns every feed has to map. */
  static final Set<String> REQUIRED;

  private static final Map<String, Kind> KIND_BY_NAME;

  static {
    List<String> names = Arrays.asList("account_no", "currency", "amount", "reference");
    Set<String> upper = names.stream().map(name -> name.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());
    REQUIRED = Collections.unmodifiableSet(upper);

    Kind[] kinds = Kind.values();
    Map<String, Kind> byName = new HashMap<>();
    for (Kind kind : kinds) {
      byName.put(kind.name().toLowerCase(Locale.ROOT), kind);
    }
    KIND_BY_NAME = byName;
  }

  private final String feed;
  private final String format;
  private final String table;
  private final List<ColumnSpec> specs;
  private final Map<String, String> definitions;

  private ColumnMapping(String feed, String format, String table, List<ColumnSpec> specs,
      Map<String, String> definitions) {
    this.feed = feed;
    this.format = format;
    this.table = table;
    this.specs = specs;
    this.definitions = definitions;
  }

  public static ColumnMapping load(Path file) throws IOException {
    Properties props = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      props.load(in);
    } catch (IOException e) {
      String name = String.valueOf(file.getFileName());
      throw new IOException(String.format("cannot read column mapping %s", name), e);
    }
    return fromProperties(props);
  }

  static ColumnMapping fromProperties(Properties props) {
    String feed = props.getProperty("feed.name", "unnamed");
    Map<String, String> definitions = new TreeMap<>();
    for (String key : props.stringPropertyNames()) {
      if (key.startsWith(COLUMN_PREFIX)) {
        definitions.put(key.substring(COLUMN_PREFIX.length()), props.getProperty(key).trim());
      }
    }
    for (String required : REQUIRED) {
      if (!definitions.containsKey(required)) {
        throw new IllegalArgumentException(String.format("feed %s does not map required column %s", feed, required));
      }
    }
    List<ColumnSpec> specs = new ArrayList<>();
    for (String target : definitions.keySet()) {
      specs.add(ColumnSpec.parse(specs.size(), target, definitions.get(target)));
    }
    String format = props.getProperty("feed.format", "csv").trim().toLowerCase(Locale.ROOT);
    String table = props.getProperty("feed.table", "STG.BOOKING").trim();
    return new ColumnMapping(feed, format, table, Collections.unmodifiableList(specs), definitions);
  }

  public String feed() {
    return feed;
  }

  public String format() {
    return format;
  }

  public String table() {
    return table;
  }

  public List<ColumnSpec> specs() {
    return specs;
  }

  /** Converts one record, fields in spec order, to typed target values. Called for every data line. */
  public Map<String, Object> apply(String[] fields) {
    Map<String, Object> row = new HashMap<>(specs.size());
    for (ColumnSpec spec : specs) {
      row.put(spec.target, spec.convert(fields[spec.slot]));
    }
    return row;
  }

  /** Target columns in INSERT order. */
  public List<String> targetColumns() {
    return specs.stream().map(spec -> spec.target).collect(Collectors.toList());
  }

  /** Slot of a CSV header column, or -1 when the feed does not import it. */
  public int slotOf(String sourceColumn) {
    for (ColumnSpec spec : specs) {
      if (sourceColumn.equals(spec.source)) {
        return spec.slot;
      }
    }
    return -1;
  }

  public int slotOfTarget(String target) {
    for (ColumnSpec spec : specs) {
      if (spec.target.equals(target)) {
        return spec.slot;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("ColumnMapping[").append(feed).append(", ").append(format);
    for (String target : definitions.keySet()) {
      sb.append(", ").append(target).append('=').append(definitions.get(target));
    }
    return sb.append(']').toString();
  }

  /** One mapped column: where it comes from, where it goes, how it is converted. */
  public static final class ColumnSpec {

    private static final DateTimeFormatter BASIC_DATE = DateTimeFormatter.BASIC_ISO_DATE;

    final int slot;
    final String target;
    final String source;
    final int start;
    final int end;
    final Kind kind;

    private ColumnSpec(int slot, String target, String source, int start, int end, Kind kind) {
      this.slot = slot;
      this.target = target;
      this.source = source;
      this.start = start;
      this.end = end;
      this.kind = kind;
    }

    /** Parses {@code 24-39 : amount} (fixed width) or {@code Betrag : amount} (CSV header name). */
    static ColumnSpec parse(int slot, String target, String definition) {
      String[] parts = definition.split("\\s*:\\s*");
      String source = parts[0];
      Kind kind = parts.length > 1 ? KIND_BY_NAME.get(parts[1].toLowerCase(Locale.ROOT)) : Kind.TEXT;
      if (kind == null) {
        throw new IllegalArgumentException("column " + target + ": unknown kind '" + parts[1] + "'");
      }
      int dash = source.indexOf('-');
      if (dash > 0 && Character.isDigit(source.charAt(0))) {
        int start = Integer.parseInt(source.substring(0, dash).trim());
        int end = Integer.parseInt(source.substring(dash + 1).trim());
        return new ColumnSpec(slot, target, null, start, end, kind);
      }
      return new ColumnSpec(slot, target, source.toUpperCase(Locale.ROOT), -1, -1, kind);
    }

    public int slot() {
      return slot;
    }

    public String target() {
      return target;
    }

    public int start() {
      return start;
    }

    public int end() {
      return end;
    }

    Object convert(String raw) {
      if (raw == null) {
        return null;
      }
      String text = raw.trim();
      if (text.isEmpty()) {
        return null;
      }
      switch (kind) {
        case AMOUNT:
          // 1'234.50 from the Swiss branches, 1 234.50 from the French export, trailing minus from the host
          String plain = text.replaceAll("[\\s']+", "");
          if (plain.endsWith("-")) {
            plain = "-" + plain.substring(0, plain.length() - 1);
          }
          return new BigDecimal(plain);
        case DATE:
          return LocalDate.parse(text, BASIC_DATE);
        case CODE:
          return text.toUpperCase(Locale.ROOT);
        default:
          return text;
      }
    }
  }
}
