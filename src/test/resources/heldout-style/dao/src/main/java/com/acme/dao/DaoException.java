package com.acme.dao;

import java.util.Locale;

/**
 * Unchecked root of every failure the data access layer reports. Driver exceptions are translated into
 * one of the subclasses below by {@link JdbcTemplate}.
 */
public class DaoException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String sqlState;

    public DaoException(String message) {
        this(message, null, null);
    }

    public DaoException(String message, Throwable cause) {
        this(message, null, cause);
    }

    public DaoException(String message, String sqlState, Throwable cause) {
        // statements are logged multi-line in the source; keep the message on one line
        super(message.replaceAll("\\s*\\n\\s*", " "), cause);
        this.sqlState = sqlState;
    }

    public String getSqlState() {
        return sqlState;
    }

    /** A query that had to return exactly one row returned none. */
    public static class EmptyResult extends DaoException {
        private static final long serialVersionUID = 1L;

        public EmptyResult(String message) {
            super(message);
        }
    }

    /** A unique or primary key constraint was violated (SQLSTATE 23505). */
    public static class DuplicateKey extends DaoException {
        private static final long serialVersionUID = 1L;

        public DuplicateKey(String message, String sqlState, Throwable cause) {
            super(message, sqlState, cause);
        }
    }

    /** The statement was rejected by the parser (SQLSTATE class 42). */
    public static class BadGrammar extends DaoException {
        private static final long serialVersionUID = 1L;

        public BadGrammar(String message, String sqlState, Throwable cause) {
            super(message, sqlState, cause);
        }
    }

    public static EmptyResult notFound(String table, long id) {
        return new EmptyResult(String.format(Locale.ROOT, "No row in %s with id %d", table, id));
    }

    public static DuplicateKey duplicateKey(String table, String key, String sqlState, Throwable cause) {
        String message = String.format("Duplicate key %s in table %s", key, table);
        return new DuplicateKey(message, sqlState, cause);
    }

    public static BadGrammar badGrammar(String sql, int position, String sqlState, Throwable cause) {
        StringBuilder message = new StringBuilder("Syntax error at position ").append(position).append(": ");
        int end = Math.min(sql.length(), position + 40);
        message.append(sql.substring(Math.max(0, position - 40), end));
        return new BadGrammar(message.toString(), sqlState, cause);
    }

    /** Guard used on the hot paths: the message is only built when the check fails. */
    public static void checkColumn(boolean present, String table, String column) {
        if (!present) {
            throw new DaoException(String.format("Column %s is not mapped by table %s", column, table));
        }
    }
}
