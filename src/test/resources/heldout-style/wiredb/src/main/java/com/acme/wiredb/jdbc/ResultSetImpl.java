package com.acme.wiredb.jdbc;

import com.acme.wiredb.protocol.RowDecoder.ColumnMeta;
import com.acme.wiredb.protocol.ServerErrors;
import com.acme.wiredb.types.TypeRegistry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * A fully fetched result: the decoded rows plus the column descriptions of the RowDescription packet.
 */
public class ResultSetImpl {

    /** Converts a decoded cell to the class the caller asked for in {@link #getObject(int, Class)}. */
    interface Converter {
        Object convert(Object value) throws SQLException;
    }

    private static final Map<Class<?>, Converter> CONVERTERS = new ConcurrentHashMap<>();

    private final StatementImpl statement;
    private final List<ColumnMeta> columns;
    private final String[] labels;
    private final List<List<Object>> rows;
    private final Set<Integer> textOnlyOids;
    private Map<String, Integer> labelIndex;
    private int cursor = -1;
    private boolean wasNull;

    ResultSetImpl(StatementImpl statement, List<ColumnMeta> columns, List<List<Object>> rows, TypeRegistry types) {
        this.statement = statement;
        this.columns = columns;
        this.rows = rows;
        String[] names = columns.stream().map(c -> c.label).toArray(String[]::new);
        this.labels = names;
        this.textOnlyOids = types.missingOids(columns);
    }

    public StatementImpl getStatement() {
        return statement;
    }

    public List<ColumnMeta> getColumns() {
        return columns;
    }

    public String[] getColumnLabels() {
        return labels.clone();
    }

    public boolean isTextOnly(int column) {
        return textOnlyOids.contains(columns.get(column - 1).typeOid);
    }

    public boolean next() {
        if (cursor < rows.size()) {
            cursor++;
        }
        return cursor < rows.size();
    }

    public boolean wasNull() {
        return wasNull;
    }

    private void checkIndex(int column) throws SQLException {
        int count = columns.size();
        if (column < 1 || column > count) {
            throw new SQLException(String.format("Column index %s out of range 1..%s", column, count), "22023");
        }
    }

    private Object cell(int column) throws SQLException {
        checkIndex(column);
        if (cursor < 0 || cursor >= rows.size()) {
            throw new SQLException("No current row", "24000");
        }
        Object value = rows.get(cursor).get(column - 1);
        wasNull = value == null;
        return value;
    }

    public int findColumn(String label) throws SQLException {
        if (labelIndex == null) {
            int next = 1;
            Map<String, Integer> index = new HashMap<>(columns.size());
            for (ColumnMeta column : columns) {
                index.put(column.label.toLowerCase(Locale.ROOT), next++);
            }
            labelIndex = index;
        }
        Integer position = labelIndex.get(label.toLowerCase(Locale.ROOT));
        if (position == null) {
            List<String> known = columns.stream().map(c -> c.label).collect(Collectors.toList());
            throw new SQLException("Column '" + label + "' not found; available: " + known, "42703");
        }
        return position;
    }

    public String getString(int column) throws SQLException {
        Object value = cell(column);
        return value == null ? null : value.toString();
    }

    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    public boolean getBoolean(int column) throws SQLException {
        Object value = cell(column);
        if (value instanceof Boolean) {
            return (Boolean) value;
        }
        String text = value == null ? null : value.toString().trim();
        return text != null && text.matches("(?i)t|true|y|yes|on|1");
    }

    public long getLong(int column) throws SQLException {
        Object value = cell(column);
        if (value == null) {
            return 0L;
        }
        return value instanceof Number ? ((Number) value).longValue() : Long.parseLong(value.toString().trim());
    }

    public byte[] getBytes(int column) throws SQLException {
        Object value = cell(column);
        if (value == null || value instanceof byte[]) {
            return (byte[]) value;
        }
        if (value instanceof InputStream) {
            // large objects are handed over as streams by the fetch layer
            try {
                return readAll((InputStream) value);
            } catch (IOException e) {
                throw new SQLException("Could not read large object in column " + column, "58030", e);
            }
        }
        throw ServerErrors.conversionError(value, byte[].class);
    }

    public Timestamp getTimestamp(int column) throws SQLException {
        Object value = cell(column);
        if (value == null) {
            return null;
        }
        String text = value.toString();
        try {
            return Timestamp.valueOf(text);
        } catch (IllegalArgumentException e) {
            // servers not set to DateStyle ISO append a zone offset or an era: keep the ISO part
            String iso = text.replaceFirst("(?:[+-]\\d\\d(?::?\\d\\d)?| BC| AD)$", "");
            try {
                return Timestamp.valueOf(iso);
            } catch (IllegalArgumentException again) {
                throw ServerErrors.conversionError(text, Timestamp.class);
            }
        }
    }

    public <T> T getObject(int column, Class<T> type) throws SQLException {
        Object value = cell(column);
        if (value == null || type.isInstance(value)) {
            return type.cast(value);
        }
        Converter converter = CONVERTERS.computeIfAbsent(type, ResultSetImpl::converterFor);
        return type.cast(converter.convert(value));
    }

    public <T> T getObject(String label, Class<T> type) throws SQLException {
        return getObject(findColumn(label), type);
    }

    private static Converter converterFor(Class<?> type) {
        if (type == String.class) {
            return Object::toString;
        }
        if (type == Long.class) {
            return v -> v instanceof Number ? ((Number) v).longValue() : Long.valueOf(v.toString().trim());
        }
        if (type == Integer.class) {
            return v -> v instanceof Number ? ((Number) v).intValue() : Integer.valueOf(v.toString().trim());
        }
        if (type == Double.class) {
            return v -> v instanceof Number ? ((Number) v).doubleValue() : Double.valueOf(v.toString().trim());
        }
        if (type == BigDecimal.class) {
            return v -> new BigDecimal(v.toString().trim());
        }
        return v -> {
            throw ServerErrors.conversionError(v, type);
        };
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean more = true;
        while (more) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            more = n >= 0;
            if (more) {
                out.write(chunk, 0, n);
            }
        }
        in.close();
        return out.toByteArray();
    }
}
