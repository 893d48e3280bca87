package com.acme.dao;

import com.acme.dao.jdbc.Sql;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs statements on a connection borrowed from the pool and maps every row of the result with a
 * {@link RowMapper}. One template per application module; all methods are thread safe.
 */
public class JdbcTemplate {

    /** Called by the template once per row of a result, in order. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T mapRow(Sql.ResultSet rs, int rowNum) throws Sql.SqlException;
    }

    /** Returns the values of one row to insert, in column order. */
    @FunctionalInterface
    public interface ValueExtractor<T> {
        Object[] values(T row);
    }

    private static final Map<Class<?>, RowMapper<?>> MAPPERS = new ConcurrentHashMap<>();
    private static final String[] NO_OPTIONS = {};

    private final ConnectionPool pool;
    private final String module;

    public JdbcTemplate(ConnectionPool pool, String module) {
        this.pool = pool;
        this.module = module;
    }

    /** The reflective mapper for an entity class; built on first use and shared afterwards. */
    @SuppressWarnings("unchecked")
    public static <T> RowMapper<T> mapperFor(Class<T> type) {
        return (RowMapper<T>) MAPPERS.computeIfAbsent(type, BeanRowMapper::new);
    }

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... args) {
        return run(sql, NO_OPTIONS, mapper, args);
    }

    /** Runs a query built by a {@link QueryBuilder}, with its optimizer hints. */
    public <T> List<T> query(QueryBuilder query, RowMapper<T> mapper) {
        return run(query.sql(), query.options(), mapper, query.params());
    }

    private <T> List<T> run(String sql, String[] options, RowMapper<T> mapper, Object[] args) {
        String annotated = String.format("/* %s */ %s", module, sql);
        Sql.Connection con = pool.borrow();
        try (Sql.PreparedStatement ps = con.prepareStatement(annotated, options)) {
            bind(ps, args);
            try (Sql.ResultSet rs = ps.executeQuery()) {
                List<T> rows = new ArrayList<>();
                int rowNum = 0;
                while (rs.next()) {
                    rows.add(mapper.mapRow(rs, rowNum++));
                }
                return rows;
            }
        } catch (Sql.SqlException e) {
            throw translate(sql, e);
        } finally {
            pool.release(con);
        }
    }

    public <T> List<T> queryForList(String sql, Class<T> type, Object... args) {
        return query(sql, mapperFor(type), args);
    }

    public <T> T queryForObject(String sql, RowMapper<T> mapper, Object... args) {
        List<T> rows = query(sql, mapper, args);
        if (rows.size() != 1) {
            throw new DaoException.EmptyResult("Expected one row but got " + rows.size() + " from " + sql);
        }
        return rows.get(0);
    }

    public List<Map<String, Object>> queryForMaps(String sql, Object... args) {
        return query(sql, (rs, rowNum) -> toMap(rs, rs.columnLabels()), args);
    }

    /** Runs a statement written with {@code :name} parameters. */
    public <T> List<T> queryNamed(String sql, Map<String, ?> params, RowMapper<T> mapper) {
        List<String> names = parameterNames(sql);
        Object[] args = new Object[names.size()];
        for (int i = 0; i < args.length; i++) {
            String name = names.get(i);
            if (!params.containsKey(name)) {
                throw new DaoException("No value for parameter " + name + " of " + sql);
            }
            args[i] = params.get(name);
        }
        return query(sql.replaceAll(":[A-Za-z_][A-Za-z0-9_]*", "?"), mapper, args);
    }

    public int update(String sql, Object... args) {
        Sql.Connection con = pool.borrow();
        try (Sql.PreparedStatement ps = con.prepareStatement(sql)) {
            bind(ps, args);
            return ps.executeUpdate();
        } catch (Sql.SqlException e) {
            throw translate(sql, e);
        } finally {
            pool.release(con);
        }
    }

    /** Calls a stored procedure with named arguments. */
    public int call(String procedure, Map<String, Object> namedArgs) {
        Object[] namesThenValues = Stream.concat(namedArgs.keySet().stream(), namedArgs.values().stream())
                .toArray(Object[]::new);
        String sql = "{call " + procedure + "}";
        Sql.Connection con = pool.borrow();
        try (Sql.CallableStatement cs = con.prepareCall(sql)) {
            cs.setNamedArguments(namesThenValues);
            return cs.executeUpdate();
        } catch (Sql.SqlException e) {
            throw translate(sql, e);
        } finally {
            pool.release(con);
        }
    }

    /** Inserts every row in one JDBC batch and returns the number of rows written. */
    public <T> int batchInsert(String table, List<String> columns, List<T> rows, ValueExtractor<T> extractor) {
        String columnList = String.join(", ", columns);
        String placeholders = String.join(", ", Collections.nCopies(columns.size(), "?"));
        String sql = "INSERT INTO " + table + " (" + columnList + ") VALUES (" + placeholders + ")";
        int width = columns.size();
        int rowNo = 0;
        Sql.Connection con = pool.borrow();
        try (Sql.PreparedStatement ps = con.prepareStatement(sql)) {
            for (T row : rows) {
                Object[] values = extractor.values(row);
                int got = values.length;
                assert got == width : String.format("row %s of %s has %s values for %s columns", rowNo, table, got, width);
                bind(ps, values);
                ps.addBatch();
                rowNo++;
            }
            int total = 0;
            for (int count : ps.executeBatch()) {
                total += count;
            }
            return total;
        } catch (Sql.SqlException e) {
            DaoException failure = translate(sql, e);
            List<String> batch = rows.stream().map(String::valueOf).collect(Collectors.toList());
            failure.addSuppressed(new DaoException("Rows in the failed batch: " + batch));
            throw failure;
        } finally {
            pool.release(con);
        }
    }

    /** Reads a BLOB column of the current row; mappers call it once per row. */
    public static byte[] readBlob(Sql.ResultSet rs, String column) {
        InputStream in = rs.getBinaryStream(column);
        if (in == null) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            while (true) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                out.write(chunk, 0, n);
            }
            in.close();
        } catch (IOException e) {
            throw new DaoException("Cannot read BLOB column " + column, e);
        }
        return out.toByteArray();
    }

    private static void bind(Sql.PreparedStatement ps, Object[] args) {
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
    }

    private static Map<String, Object> toMap(Sql.ResultSet rs, List<String> labels) {
        Map<String, Object> row = new HashMap<>(labels.size());
        for (String label : labels) {
            row.put(label, rs.getObject(label));
        }
        return row;
    }

    private static List<String> parameterNames(String sql) {
        List<String> names = new ArrayList<>();
        int i = sql.indexOf(':');
        while (i >= 0) {
            int end = i + 1;
            while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                end++;
            }
            names.add(sql.substring(i + 1, end));
            i = sql.indexOf(':', end);
        }
        return names;
    }

    /** Turns a driver failure into the matching {@link DaoException}; only ever called from catch blocks. */
    static DaoException translate(String sql, Sql.SqlException e) {
        String state = e.getSqlState();
        if (state != null && state.startsWith("23")) {
            return DaoException.duplicateKey(tableOf(sql), e.getMessage(), state, e);
        }
        if (state != null && state.startsWith("42")) {
            return DaoException.badGrammar(sql, 0, state, e);
        }
        String message = String.format("SQL [%s] failed with SQLSTATE %s", sql, state);
        return new DaoException(message, state, e);
    }

    private static String tableOf(String sql) {
        return sql.replaceAll("(?is).*?\\b(?:into|update|from)\\s+([\\w.]+).*", "$1");
    }

    /** Maps columns to the fields of the same (snake case) name. Built once per entity class. */
    static final class BeanRowMapper implements RowMapper<Object> {
        private final Class<?> type;
        private final String typeName;
        private final String alias;
        private final Map<String, Field> fieldsByColumn;

        BeanRowMapper(Class<?> type) {
            this.type = type;
            this.typeName = type.getSimpleName();
            SchemaIntrospector.TableMeta table = SchemaIntrospector.table(type);
            this.alias = table.alias();
            this.fieldsByColumn = indexByColumn(table.fields());
        }

        private static Map<String, Field> indexByColumn(List<Field> fields) {
            Map<String, Field> byColumn = new HashMap<>(fields.size());
            for (Field field : fields) {
                field.setAccessible(true);
                byColumn.put(SchemaIntrospector.columnName(field.getName()), field);
            }
            return byColumn;
        }

        @Override
        public Object mapRow(Sql.ResultSet rs, int rowNum) {
            Object bean = instantiate();
            for (String column : fieldsByColumn.keySet()) {
                Field field = fieldsByColumn.get(column);
                String label = alias == null ? column : String.format("%s.%s", alias, column);
                Object value = convert(field.getType(), rs.getObject(label));
                try {
                    field.set(bean, value);
                } catch (IllegalAccessException | IllegalArgumentException e) {
                    throw new DaoException("Cannot set " + typeName + "." + field.getName() + " from " + label, e);
                }
            }
            return bean;
        }

        private Object instantiate() {
            try {
                return type.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new DaoException(typeName + " needs a no-argument constructor", e);
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static Object convert(Class<?> target, Object raw) {
            if (raw == null || target.isInstance(raw)) {
                return raw;
            }
            String text = raw.toString();
            if (target.isEnum()) {
                String constant = text.trim().replaceAll("[\\s-]+", "_").toUpperCase(Locale.ROOT);
                return Enum.valueOf((Class) target, constant);
            }
            if (target == String[].class) {
                return text.split("\\s*,\\s*");
            }
            if (target == long.class || target == Long.class) {
                return Long.valueOf(text);
            }
            if (target == int.class || target == Integer.class) {
                return Integer.valueOf(text);
            }
            throw new DaoException("No conversion from " + raw.getClass().getName() + " to " + target.getName());
        }
    }
}
