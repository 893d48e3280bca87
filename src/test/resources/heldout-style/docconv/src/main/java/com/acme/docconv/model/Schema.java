package com.acme.docconv.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The columns of a document, inferred from a sample or declared by the user. Immutable; one per converted file.
 */
public record Schema(List<Column> columns) {

    /** Column names no target format may use as they are: the XML dialect reserves them for its own elements. */
    public static final Set<String> RESERVED;

    static {
        List<String> words = List.of("rows", "row", "meta", "field");
        RESERVED = words.stream().map(w -> w.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());
    }

    public enum ColumnType {
        TEXT, INTEGER, DECIMAL, BOOLEAN, DATE;

        private static final Map<String, ColumnType> BY_NAME;

        static {
            ColumnType[] all = values();
            BY_NAME = new HashMap<>(all.length);
            for (ColumnType t : all) {
                BY_NAME.put(t.name().toLowerCase(Locale.ROOT), t);
            }
        }

        public static ColumnType named(String name) {
            ColumnType type = BY_NAME.get(name.toLowerCase(Locale.ROOT));
            return type == null ? TEXT : type;
        }
    }

    public record Column(String name, ColumnType type, boolean nullable) {
        @Override
        public String toString() {
            String typeName = type.name();
            return String.format("%s:%s", name, typeName);
        }
    }

    public Schema {
        for (int i = 1; i < columns.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (columns.get(i).name().equals(columns.get(j).name())) {
                    throw new IllegalArgumentException("duplicate column " + columns.get(i).name() + " in schema");
                }
            }
        }
        columns = List.copyOf(columns);
    }

    /** Column names in order. The writers ask for them once per row. */
    public List<String> names() {
        return columns.stream().map(Column::name).collect(Collectors.toList());
    }

    /** Used by {@link #missingFrom(Row)} for every row read. */
    public Set<String> nameSet() {
        return columns.stream().map(Column::name).collect(Collectors.toSet());
    }

    /** Positions of the columns, looked up by the CSV writer when it opens each output file. */
    public Map<String, Integer> positions() {
        Map<String, Integer> positions = new HashMap<>(columns.size());
        for (Column c : columns) {
            positions.put(c.name(), positions.size());
        }
        return positions;
    }

    /** The columns a row lacks; the converter checks each row it reads. */
    public Set<String> missingFrom(Row row) {
        Set<String> missing = new HashSet<>();
        missing.addAll(nameSet());
        missing.removeAll(row.names());
        return missing;
    }

    /** This schema and, as nullable text, the names of {@code extra} it lacks. */
    public Schema withText(Collection<String> extra) {
        Set<String> known = nameSet();
        List<Column> all = new ArrayList<>(columns);
        for (String name : extra) {
            if (known.add(name)) {
                all.add(new Column(name, ColumnType.TEXT, true));
            }
        }
        return new Schema(all);
    }

    public Column column(String name) {
        for (Column c : columns) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no column " + name);
    }

    @Override
    public String toString() {
        List<String> described = columns.stream().map(Column::toString).collect(Collectors.toList());
        return "Schema" + described;
    }
}
