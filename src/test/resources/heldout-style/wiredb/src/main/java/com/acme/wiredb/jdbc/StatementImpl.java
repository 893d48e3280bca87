package com.acme.wiredb.jdbc;

import com.acme.wiredb.bind.ParameterEncoder;
import com.acme.wiredb.protocol.RowDecoder.ColumnMeta;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plain and prepared statements. Prepared ones live in the connection's statement cache and are
 * handed out again for the same SQL text, so everything here except the constructor runs per execute.
 */
public class StatementImpl {

    public static final int TYPE_FORWARD_ONLY = 1003;
    public static final int CONCUR_READ_ONLY = 1007;
    public static final int CONCUR_UPDATABLE = 1008;

    /** Framework-style callback: maps the current row, called once per row. */
    public interface RowMapper<T> {
        T mapRow(ResultSetImpl rs, int rowNum) throws SQLException;
    }

    /** Key of the per-connection prepared statement cache. */
    static final class StatementCacheKey {
        final String sql;
        final String schema;
        final int mode;

        StatementCacheKey(String sql, String schema, int resultSetType, int concurrency) {
            this.sql = sql;
            this.schema = schema;
            this.mode = resultSetType << 16 | concurrency;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof StatementCacheKey)) {
                return false;
            }
            StatementCacheKey other = (StatementCacheKey) o;
            return mode == other.mode && sql.equals(other.sql) && Objects.equals(schema, other.schema);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sql, schema, mode);
        }
    }

    private final ConnectionImpl connection;
    final String sql;
    private final String nativeSql;
    private final int concurrency;
    private final ParameterEncoder params;
    private final List<String[]> batch = new ArrayList<>();
    private Set<String> generatedKeyColumns;
    private ResultSetImpl generatedKeys;

    StatementImpl(ConnectionImpl connection, String sql, int concurrency) {
        this.connection = connection;
        this.sql = sql;
        this.concurrency = concurrency;
        this.nativeSql = sql == null ? null : toNative(sql);
        this.params = new ParameterEncoder(sql == null ? 0 : countPlaceholders(sql));
    }

    private static int countPlaceholders(String sql) {
        int n = 0;
        for (int i = sql.indexOf('?'); i >= 0; i = sql.indexOf('?', i + 1)) {
            n++;
        }
        return n;
    }

    /** JDBC '?' placeholders to the server's $n form; runs for every plain statement executed. */
    static String toNative(String sql) {
        int q = sql.indexOf('?');
        if (q < 0) {
            return sql;
        }
        StringBuilder sb = new StringBuilder(sql.length() + 8);
        int last = 0;
        int n = 1;
        while (q >= 0) {
            sb.append(sql.substring(last, q));
            sb.append('$').append(n++);
            last = q + 1;
            q = sql.indexOf('?', last);
        }
        sb.append(sql, last, sql.length());
        return sb.toString();
    }

    public ParameterEncoder parameters() {
        return params;
    }

    public void setObject(int index, Object value) throws SQLException {
        params.set(index, value);
    }

    public ResultSetImpl executeQuery(String sql) throws SQLException {
        connection.checkOpen("executeQuery");
        return run(toNative(sql), null);
    }

    public ResultSetImpl executeQuery() throws SQLException {
        connection.checkOpen("executeQuery");
        return run(nativeSql, params);
    }

    public int executeUpdate(String sql) throws SQLException {
        connection.checkOpen("executeUpdate");
        return connection.runUpdate(toNative(sql), null);
    }

    public int executeUpdate(String sql, String[] keyColumns) throws SQLException {
        connection.checkOpen("executeUpdate");
        Set<String> wanted = new HashSet<>();
        wanted.addAll(Arrays.asList(keyColumns));
        generatedKeyColumns = wanted;
        generatedKeys = run(toNative(sql) + " RETURNING *", null);
        int count = 0;
        while (generatedKeys.next()) {
            count++;
        }
        return count;
    }

    public boolean isGeneratedKey(String column) {
        return generatedKeyColumns != null && generatedKeyColumns.contains(column);
    }

    public ResultSetImpl getGeneratedKeys() {
        return generatedKeys;
    }

    private ResultSetImpl run(String nativeSql, ParameterEncoder bound) throws SQLException {
        final List<List<Object>> rows = new ArrayList<>();
        List<ColumnMeta> columns = connection.runQuery(nativeSql, bound, rows::add);
        if (concurrency == CONCUR_UPDATABLE) {
            checkUpdatable(columns);
        }
        return new ResultSetImpl(this, columns, rows, connection.types());
    }

    private void checkUpdatable(List<ColumnMeta> columns) throws SQLException {
        Set<String> tables = columns.stream().map(c -> c.table).collect(Collectors.toSet());
        if (tables.size() != 1 || tables.contains(null)) {
            throw new SQLException("Result set is not updatable: it must read exactly one table and no expressions", "0A000");
        }
    }

    public <T> List<T> query(String sql, RowMapper<T> mapper) throws SQLException {
        ResultSetImpl rs = executeQuery(sql);
        List<T> out = new ArrayList<>();
        int rowNum = 0;
        while (rs.next()) {
            out.add(mapper.mapRow(rs, rowNum++));
        }
        return out;
    }

    /** Every row as a label to value map; used by the admin console and the migration tool. */
    public List<Map<String, Object>> queryForMaps(String sql) throws SQLException {
        return query(sql, new RowMapper<Map<String, Object>>() {
            @Override
            public Map<String, Object> mapRow(ResultSetImpl rs, int rowNum) throws SQLException {
                List<ColumnMeta> columns = rs.getColumns();
                int column = 1;
                Map<String, Object> row = new HashMap<>(columns.size());
                for (ColumnMeta meta : columns) {
                    row.put(meta.label, rs.getObject(column++, Object.class));
                }
                return row;
            }
        });
    }

    public void addBatch() {
        batch.add(params.textValues());
    }

    public int[] executeBatch() throws SQLException {
        connection.checkOpen("executeBatch");
        List<byte[]> frames = batch.stream().map(this::bindFrame).collect(Collectors.toList());
        try {
            return connection.runBatch(nativeSql, frames);
        } catch (SQLException e) {
            String[] failed = batch.stream().map(Arrays::toString).toArray(String[]::new);
            throw new BatchUpdateException("Batch failed; entries " + Arrays.toString(failed),
                    e.getSQLState(), new int[0], e);
        } finally {
            batch.clear();
        }
    }

    private byte[] bindFrame(String[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(values.length >>> 8);
        out.write(values.length);
        for (String value : values) {
            if (value == null) {
                writeLength(out, -1);
            } else {
                byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
                writeLength(out, bytes.length);
                out.write(bytes, 0, bytes.length);
            }
        }
        return out.toByteArray();
    }

    private static void writeLength(ByteArrayOutputStream out, int len) {
        out.write(len >>> 24);
        out.write(len >>> 16);
        out.write(len >>> 8);
        out.write(len);
    }

    @Override
    public String toString() {
        if (sql == null) {
            return "Statement@" + Integer.toHexString(System.identityHashCode(this));
        }
        String flat = sql.replaceAll("\\s+", " ");
        StringBuilder sb = new StringBuilder("PreparedStatement[");
        if (flat.length() > 60) {
            sb.append(flat.substring(0, 57));
            sb.append("...");
        } else {
            sb.append(flat);
        }
        return sb.append(']').toString();
    }
}
