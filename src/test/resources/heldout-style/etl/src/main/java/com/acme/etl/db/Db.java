package com.acme.etl.db;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The few JDBC shapes the importer needs. Production wires these to the bank's pooled driver through
 * a thin adapter (see {@code etl.datasource.class}); the integration tests use an in-memory fake.
 * Kept this small so the importer has no compile-time dependency on a driver.
 */
public final class Db {

    /** Same values as {@code java.sql.Types} for the types the importer binds. */
    public static final int VARCHAR = 12;
    public static final int DECIMAL = 3;
    public static final int DATE = 91;
    public static final int BIGINT = -5;

    private Db() {
    }

    public interface DataSource {
        Connection getConnection() throws DbException;
    }

    public interface Connection extends AutoCloseable {
        PreparedStatement prepareStatement(String sql) throws DbException;

        void setAutoCommit(boolean autoCommit) throws DbException;

        void commit() throws DbException;

        void rollback() throws DbException;

        @Override
        void close() throws DbException;
    }

    public interface PreparedStatement extends AutoCloseable {
        void setString(int index, String value) throws DbException;

        void setLong(int index, long value) throws DbException;

        void setBigDecimal(int index, BigDecimal value) throws DbException;

        void setDate(int index, LocalDate value) throws DbException;

        void setNull(int index, int sqlType) throws DbException;

        void addBatch() throws DbException;

        int[] executeBatch() throws DbException;

        void clearBatch() throws DbException;

        @Override
        void close() throws DbException;
    }

    /** What the driver adapter throws; carries the SQLSTATE so callers can tell transient failures apart. */
    public static class DbException extends Exception {

        private static final long serialVersionUID = 1L;

        private final String sqlState;
        private final int vendorCode;

        public DbException(String message, String sqlState, int vendorCode) {
            super(message);
            this.sqlState = sqlState;
            this.vendorCode = vendorCode;
        }

        public DbException(String message, String sqlState, Throwable cause) {
            super(message, cause);
            this.sqlState = sqlState;
            this.vendorCode = 0;
        }

        public String getSqlState() {
            return sqlState;
        }

        public int getVendorCode() {
            return vendorCode;
        }

        /**
         * Connection loss (class 08), serialization failure and deadlock (40001, 40P01) are worth another
         * attempt; constraint violations and bad data are not.
         */
        public boolean isTransient() {
            if (sqlState == null) {
                return false;
            }
            return sqlState.matches("08[0-9A-Z]{3}|40(001|P01)");
        }

        @Override
        public String toString() {
            String message = getMessage();
            return String.format("DbException[%s/%s]: %s", sqlState, vendorCode, message);
        }
    }
}
