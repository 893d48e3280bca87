package com.acme.etl.db;

import com.acme.etl.mapping.ColumnMapping;
import com.acme.etl.model.ImportRow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Writes rows into the feed's staging table in batches of {@code batchSize}, one transaction per
 * batch. Transient failures (connection loss, deadlock) are retried; the listeners hear about
 * every batch, written or failed.
 */
public class BatchWriter implements AutoCloseable {

    /** Called by the writer after each batch, on the import thread: keep it quick. */
    public interface Listener {
        void batchWritten(BatchResult result);

        default void batchFailed(BatchResult result, Db.DbException cause) {
        }
    }

    /** Binds one value of a given Java type to a statement parameter. */
    interface Binder {
        void bind(Db.PreparedStatement statement, int index, Object value) throws Db.DbException;
    }

    /** How often and how patiently a batch is retried; one policy for the whole run. */
    public static final class RetryPolicy {

        private final int maxAttempts;
        private final long backoffMillis;

        public RetryPolicy(int maxAttempts, long backoffMillis) {
            this.maxAttempts = maxAttempts;
            this.backoffMillis = backoffMillis;
        }

        public int maxAttempts() {
            return maxAttempts;
        }

        void pause(int failedAttempt) {
            try {
                Thread.sleep(backoffMillis * failedAttempt);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while backing off", e);
            }
        }
    }

    /** What a batch wrote, handed to the listeners. */
    public static final class BatchResult {

        private final String table;
        private final int batchNo;
        private final List<ImportRow> rows;
        private final long millis;

        BatchResult(String table, int batchNo, List<ImportRow> rows, long millis) {
            this.table = table;
            this.batchNo = batchNo;
            this.rows = rows;
            this.millis = millis;
        }

        public String getTable() {
            return table;
        }

        public int getBatchNo() {
            return batchNo;
        }

        public long getMillis() {
            return millis;
        }

        public int size() {
            return rows.size();
        }

        /** The idempotency keys of the batch, for the audit trail. */
        public List<String> importKeys() {
            return rows.stream().map(ImportRow::importKey).collect(Collectors.toList());
        }

        /** Accounts the batch booked on; the balance cache listener evicts them. */
        public Set<String> accounts() {
            return rows.stream().map(ImportRow::getAccountNo).collect(Collectors.toSet());
        }

        @Override
        public String toString() {
            int size = rows.size();
            return String.format("BatchResult[%s #%s, %s rows, %s ms]", table, batchNo, size, millis);
        }
    }

    private static final Map<Class<?>, Binder> BINDERS = new ConcurrentHashMap<>();

    private final Db.Connection connection;
    private final ColumnMapping mapping;
    private final String table;
    private final int batchSize;
    private final RetryPolicy retry;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private List<ImportRow> pending = new ArrayList<>();
    private Db.PreparedStatement statement;
    private List<String> columns;
    private int batchNo;

    public BatchWriter(Db.Connection connection, ColumnMapping mapping, int batchSize, RetryPolicy retry)
            throws Db.DbException {
        this.connection = connection;
        this.mapping = mapping;
        this.table = mapping.table();
        this.batchSize = batchSize;
        this.retry = retry;
        connection.setAutoCommit(false);
    }

    public void addListener(Listener listener) {
        listeners.add(listener);
    }

    public List<String> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    /** Adds a valid row; writes the batch when it is full. */
    public void add(ImportRow row) throws Db.DbException {
        if (statement == null) {
            beginBatch();
        }
        bindRow(row);
        pending.add(row);
        if (pending.size() >= batchSize) {
            flush();
        }
    }

    /**
     * Prepares the INSERT of a new batch. A fresh statement per transaction keeps the driver's batch
     * state clean after a rollback; the pool's statement cache makes preparing it cheap.
     */
    private void beginBatch() throws Db.DbException {
        columns = mapping.targetColumns();
        String columnList = String.join(", ", columns);
        String marks = String.join(", ", Collections.nCopies(columns.size() + 1, "?"));
        String sql = String.format("INSERT INTO %s (%s, IMPORT_KEY) VALUES (%s)", table, columnList, marks);
        statement = connection.prepareStatement(sql);
    }

    private void bindRow(ImportRow row) throws Db.DbException {
        Object[] values = row.valuesFor(columns);
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            if (value == null) {
                statement.setNull(i + 1, Db.VARCHAR);
            } else {
                BINDERS.computeIfAbsent(value.getClass(), BatchWriter::binderFor).bind(statement, i + 1, value);
            }
        }
        statement.setString(values.length + 1, row.importKey());
        statement.addBatch();
    }

    private static Binder binderFor(Class<?> type) {
        if (type == String.class) {
            return (s, i, v) -> s.setString(i, (String) v);
        }
        if (type == BigDecimal.class) {
            return (s, i, v) -> s.setBigDecimal(i, (BigDecimal) v);
        }
        if (type == LocalDate.class) {
            return (s, i, v) -> s.setDate(i, (LocalDate) v);
        }
        if (Number.class.isAssignableFrom(type)) {
            return (s, i, v) -> s.setLong(i, ((Number) v).longValue());
        }
        return (s, i, v) -> s.setString(i, String.valueOf(v));
    }

    /** Writes and commits the pending rows, retrying transient failures. */
    public void flush() throws Db.DbException {
        if (pending.isEmpty()) {
            return;
        }
        batchNo++;
        long started = System.currentTimeMillis();
        for (int attempt = 1; ; attempt++) {
            try {
                statement.executeBatch();
                connection.commit();
                break;
            } catch (Db.DbException e) {
                connection.rollback();
                String state = e.getSqlState();
                if (attempt >= retry.maxAttempts() || !e.isTransient()) {
                    long millis = System.currentTimeMillis() - started;
                    BatchResult failed = new BatchResult(table, batchNo, pending, millis);
                    for (Listener listener : listeners) {
                        listener.batchFailed(failed, e);
                    }
                    throw new Db.DbException(
                            String.format("batch %s into %s failed after %s attempts", batchNo, table, attempt), state, e);
                }
                warnings.add(String.format("batch %s into %s: attempt %s failed (SQLSTATE %s), retrying", batchNo,
                        table, attempt, state));
                retry.pause(attempt);
                replay();
            }
        }
        BatchResult result = new BatchResult(table, batchNo, pending, System.currentTimeMillis() - started);
        pending = new ArrayList<>();
        statement.close();
        statement = null;
        for (Listener listener : listeners) {
            listener.batchWritten(result);
        }
    }

    /** After a rollback the driver has dropped the batch: prepare the INSERT again and bind the rows again. */
    private void replay() throws Db.DbException {
        List<ImportRow> rows = new ArrayList<>();
        rows.addAll(pending);
        pending.clear();
        statement.close();
        beginBatch();
        for (ImportRow row : rows) {
            bindRow(row);
            pending.add(row);
        }
    }

    /** Rolls back what was not flushed; the caller flushes explicitly on success. */
    @Override
    public void close() throws Db.DbException {
        if (statement != null) {
            statement.close();
            statement = null;
            if (!pending.isEmpty()) {
                connection.rollback();
            }
        }
    }
}
