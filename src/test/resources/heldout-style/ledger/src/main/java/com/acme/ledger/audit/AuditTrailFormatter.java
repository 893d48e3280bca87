package com.acme.ledger.audit;

import com.acme.ledger.posting.JournalEntry;

import java.lang.reflect.Field;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Formats the audit trail: one pipe-separated line per posting and per administrative event. A single
 * instance is shared by the whole service; the record methods run for every posting and every event.
 */
public final class AuditTrailFormatter {

  /** Where the lines go: a rolling file in production, a list in the tests. */
  public interface Sink {
    void write(String line);
  }

  private static final Map<Class<?>, List<Field>> FIELDS = new ConcurrentHashMap<>();

  public static final String HEADER;

  static {
    List<String> columns = Arrays.asList("ts", "actor", "action", "entry", "accounts", "detail");
    String[] upper = columns.stream().map(c -> c.toUpperCase(Locale.ROOT)).toArray(String[]::new);
    HEADER = String.join("|", upper);
  }

  private final Sink sink;
  private final Clock clock;
  private final boolean columnar;

  public AuditTrailFormatter(Sink sink, Clock clock, boolean columnar) {
    this.sink = sink;
    this.clock = clock;
    this.columnar = columnar;
  }

  /** Called by PostingService for every entry posted or reversed. */
  public void recordPosting(JournalEntry entry) {
    String timestamp = Instant.now(clock).toString();
    String actor = entry.postedBy();
    String id = entry.id();
    String[] codes = entry.accountCodes().stream().map(c -> c.replace('-', '.')).toArray(String[]::new);
    StringBuilder line = new StringBuilder(160);
    line.append(String.format("%s|%s|POST|%s|", timestamp, actor, id));
    line.append(String.join(",", codes)).append('|');
    for (JournalEntry.Line l : entry.lines()) {
      String memo = l.memo();
      if (memo.length() > 40) {
        line.append(memo.substring(0, 40)).append("...;");
      } else {
        line.append(memo).append(';');
      }
    }
    sink.write(line.toString());
  }

  /** Administrative events (account opened, period closed, limit changed...): once per event, any class. */
  public void recordEvent(String actor, Object event) {
    String timestamp = Instant.now(clock).toString();
    String type = event.getClass().getSimpleName();
    List<Field> fields = FIELDS.computeIfAbsent(event.getClass(), AuditTrailFormatter::introspect);
    Map<String, String> values = new LinkedHashMap<>();
    for (Field field : fields) {
      values.put(field.getName(), read(field, event));
    }
    String[] cells = columnar ? namesThenValues(values) : namesAndValues(values);
    sink.write(timestamp + "|" + actor + "|EVENT|" + type + "|" + String.join(",", cells));
  }

  /** name1, value1, name2, value2...: the layout of the plain-text trail. */
  static String[] namesAndValues(Map<String, String> columns) {
    return columns.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
  }

  /** All column names, then all values: the layout the columnar audit store ingests. */
  static String[] namesThenValues(Map<String, String> columns) {
    List<String> names = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (Map.Entry<String, String> column : columns.entrySet()) {
      names.add(column.getKey());
      values.add(column.getValue());
    }
    names.addAll(values);
    return names.toArray(new String[0]);
  }

  private static String read(Field field, Object target) {
    try {
      return String.valueOf(field.get(target));
    } catch (IllegalAccessException e) {
      String typeName = target.getClass().getName();
      String fieldName = field.getName();
      throw new IllegalStateException(String.format("Cannot read %s.%s for the audit trail", typeName, fieldName), e);
    }
  }

  /** Runs once per event class, the first time an event of that class is recorded. */
  private static List<Field> introspect(Class<?> type) {
    Field[] declared = type.getDeclaredFields();
    List<Field> fields = new ArrayList<>();
    for (Field field : declared) {
      field.setAccessible(true);
      fields.add(field);
    }
    return fields;
  }

  @Override
  public String toString() {
    String sinkName = sink.getClass().getSimpleName();
    return String.format("AuditTrailFormatter[sink=%s, columnar=%s]", sinkName, columnar);
  }
}
