package com.acme.dao.jdbc;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * Minimal stand-ins for the java.sql types the data access layer needs. The production build binds these
 * to the vendor driver through a thin adapter; tests bind them to an in-memory fake.
 */
public final class Sql {

    private Sql() {
    }

    /** Checked failure reported by the driver, with the vendor's SQLSTATE. */
    public static class SqlException extends Exception {
        private static final long serialVersionUID = 1L;

        private final String sqlState;
        private final int errorCode;

        public SqlException(String message, String sqlState, int errorCode) {
            super(message);
            this.sqlState = sqlState;
            this.errorCode = errorCode;
        }

        public String getSqlState() {
            return sqlState;
        }

        public int getErrorCode() {
            return errorCode;
        }
    }

    public interface ResultSet extends AutoCloseable {
        boolean next() throws SqlException;

        Object getObject(String column);

        String getString(String column);

        long getLong(String column);

        int getInt(String column);

        boolean wasNull();

        InputStream getBinaryStream(String column);

        List<String> columnLabels();

        @Override
        void close();
    }

    public interface PreparedStatement extends AutoCloseable {
        void setObject(int index, Object value);

        ResultSet executeQuery() throws SqlException;

        int executeUpdate() throws SqlException;

        void addBatch() throws SqlException;

        int[] executeBatch() throws SqlException;

        @Override
        void close();
    }

    public interface CallableStatement extends PreparedStatement {
        /** Binds the named arguments: the names first, then the values in the same order. */
        void setNamedArguments(Object[] namesThenValues);
    }

    public interface Connection extends AutoCloseable {
        PreparedStatement prepareStatement(String sql, String... options) throws SqlException;

        CallableStatement prepareCall(String sql) throws SqlException;

        void setAutoCommit(boolean autoCommit) throws SqlException;

        void commit() throws SqlException;

        void rollback() throws SqlException;

        boolean isValid(int timeoutSeconds);

        /** Session variables, the names first, then the values in the same order. */
        void setSessionVariables(String[] namesThenValues) throws SqlException;

        @Override
        void close();
    }

    public interface Driver {
        Connection connect(String url, Map<String, String> properties, String... options) throws SqlException;
    }
}
