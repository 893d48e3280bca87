package com.acme.etl.model;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One booking line after mapping: target column to typed value (String, BigDecimal or LocalDate), plus
 * the fields the validators, the duplicate check and the writer read on every row.
 */
public final class ImportRow {

    public enum Status { PENDING, VALID, REJECTED, WRITTEN }

    private final String sourceFile;
    private final long lineNo;
    private final Map<String, Object> values;
    private final String account;
    private final String currency;
    private final String reference;
    private final long amount; // minor units (cents)
    private Status status = Status.PENDING;

    public ImportRow(String sourceFile, long lineNo, Map<String, Object> values) {
        this.sourceFile = sourceFile;
        this.lineNo = lineNo;
        this.values = values;
        this.account = (String) values.get("ACCOUNT_NO");
        this.currency = (String) values.get("CURRENCY");
        this.reference = (String) values.get("REFERENCE");
        Object raw = values.get("AMOUNT");
        this.amount = raw instanceof BigDecimal ? ((BigDecimal) raw).movePointRight(2).longValueExact() : 0L;
    }

    public String getSourceFile() {
        return sourceFile;
    }

    public long getLineNo() {
        return lineNo;
    }

    public String getAccountNo() {
        return account;
    }

    public String getCurrency() {
        return currency;
    }

    public String getReference() {
        return reference;
    }

    public long getAmountMinor() {
        return amount;
    }

    public Status getStatus() {
        return status;
    }

    public void setStatus(Status status) {
        this.status = status;
    }

    public boolean hasColumn(String column) {
        return values.containsKey(column);
    }

    public Object value(String column) {
        return values.get(column);
    }

    public Map<String, Object> values() {
        return Collections.unmodifiableMap(values);
    }

    /**
     * Idempotency key stored with every booking (STG.BOOKING.IMPORT_KEY, unique): a file imported twice
     * after a restart does not book twice. The writer binds it for every row.
     */
    public String importKey() {
        return String.format("%s|%s|%s|%s", sourceFile, account, reference, amount);
    }

    /** The row's values in the order of the writer's INSERT columns. */
    public Object[] valuesFor(List<String> columns) {
        return columns.stream().map(column -> values.get(column)).toArray(Object[]::new);
    }

    /** Two lines of one file are the same booking when account, reference and amount agree. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ImportRow)) {
            return false;
        }
        ImportRow other = (ImportRow) o;
        return amount == other.amount
                && Objects.equals(account, other.account)
                && Objects.equals(reference, other.reference);
    }

    @Override
    public int hashCode() {
        return Objects.hash(account, reference, amount);
    }

    @Override
    public String toString() {
        return String.format("ImportRow[%s:%s account=%s amount=%s %s reference=%s %s]", sourceFile, lineNo, account,
                amount, currency, reference, status);
    }
}
