package com.acme.dao;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Builds one SELECT statement. DAOs create a builder per query and hand it to
 * {@link JdbcTemplate#query(QueryBuilder, JdbcTemplate.RowMapper)}; a builder is not reusable.
 */
public final class QueryBuilder {

    private final String table;
    private final List<String> columns = new ArrayList<>();
    private final List<String> conditions = new ArrayList<>();
    private final List<Object> params = new ArrayList<>();
    private final Map<String, String> hints = new LinkedHashMap<>();
    private String orderBy;
    private int limit = -1;
    private int offset;

    private QueryBuilder(String table) {
        this.table = table;
    }

    public static QueryBuilder from(String table) {
        return new QueryBuilder(checkIdentifier(table));
    }

    /** Selects every mapped column of an entity from its table. */
    public static QueryBuilder forEntity(Class<?> type) {
        SchemaIntrospector.TableMeta meta = SchemaIntrospector.table(type);
        QueryBuilder query = new QueryBuilder(meta.name());
        Collections.addAll(query.columns, meta.columnNames());
        return query;
    }

    public QueryBuilder select(String... names) {
        for (String name : names) {
            columns.add(checkIdentifier(name));
        }
        return this;
    }

    /** Adds {@code column = ?} for a property given by its Java field name. */
    public QueryBuilder whereEquals(String property, Object value) {
        String column = SchemaIntrospector.columnName(property);
        conditions.add(String.format("%s = ?", column));
        params.add(value);
        return this;
    }

    public QueryBuilder whereIn(String property, Collection<?> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("Empty IN list for " + property + " on " + table);
        }
        String column = SchemaIntrospector.columnName(property);
        String marks = String.join(", ", Collections.nCopies(values.size(), "?"));
        conditions.add(column + " IN (" + marks + ")");
        params.addAll(values);
        return this;
    }

    public QueryBuilder orderBy(String property, boolean ascending) {
        String column = SchemaIntrospector.columnName(property);
        String direction = ascending ? "ASC" : "DESC";
        this.orderBy = column + " " + direction;
        return this;
    }

    public QueryBuilder page(int limit, int offset) {
        this.limit = limit;
        this.offset = offset;
        return this;
    }

    public QueryBuilder hint(String name, String value) {
        hints.put(name, value);
        return this;
    }

    public String sql() {
        String columnList = columns.isEmpty() ? "*" : String.join(", ", quotedColumns());
        StringBuilder sb = new StringBuilder(String.format("SELECT %s FROM %s", columnList, table));
        if (!conditions.isEmpty()) {
            String where = String.join(" AND ", conditions);
            sb.append(String.format(" WHERE %s", where));
        }
        if (orderBy != null) {
            sb.append(" ORDER BY ").append(orderBy);
        }
        if (limit >= 0) {
            sb.append(String.format(Locale.ROOT, " LIMIT %d OFFSET %d", limit, offset));
        }
        return sb.toString();
    }

    /** The bound values in placeholder order, converted for the driver. */
    public Object[] params() {
        return params.stream().map(QueryBuilder::toJdbcValue).toArray(Object[]::new);
    }

    /** Optimizer hints as name/value pairs, passed to {@code prepareStatement}. */
    public String[] options() {
        return hints.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
    }

    private List<String> quotedColumns() {
        List<String> quoted = new ArrayList<>();
        for (String column : columns) {
            quoted.add(quote(column));
        }
        return quoted;
    }

    private static String quote(String identifier) {
        int dot = identifier.indexOf('.');
        StringBuilder sb = new StringBuilder(identifier.length() + 4);
        if (dot > 0) {
            sb.append('"');
            sb.append(identifier.substring(0, dot));
            sb.append("\".");
        }
        String name = dot > 0 ? identifier.substring(dot + 1) : identifier;
        return sb.append('"').append(name).append('"').toString();
    }

    private static Object toJdbcValue(Object value) {
        if (value instanceof Enum) {
            return ((Enum<?>) value).name();
        }
        if (value instanceof Boolean) {
            return ((Boolean) value) ? 1 : 0;
        }
        return value;
    }

    private static String checkIdentifier(String identifier) {
        if (!identifier.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?")) {
            throw new DaoException(String.format("Not a valid SQL identifier: %s", identifier));
        }
        return identifier;
    }

    @Override
    public String toString() {
        List<String> shown = params.stream().map(String::valueOf).collect(Collectors.toList());
        return "QueryBuilder[" + sql() + ", params=" + shown + "]";
    }
}
