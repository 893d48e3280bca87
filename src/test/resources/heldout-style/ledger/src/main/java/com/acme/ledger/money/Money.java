package com.acme.ledger.money;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An amount in minor units (cents) of one ISO-4217 currency. Every journal line, every balance and every
 * statement row of the reconciliation carries one, and the matcher uses it inside its hash keys.
 */
public final class Money implements Comparable<Money> {

    public static final int SCALE = 2;

    private final long minor;
    private final String currency;

    public Money(long minor, String currency) {
        if (currency == null || !currency.matches("[A-Z]{3}")) {
            throw new IllegalArgumentException(String.format("Invalid currency '%s' for amount %s", currency, minor));
        }
        this.minor = minor;
        this.currency = currency;
    }

    public static Money zero(String currency) {
        return new Money(0L, currency);
    }

    /** Parses "USD 1234.50" as written by the posting API and by the bank statement export. */
    public static Money parse(String text) {
        String[] parts = text.trim().split("\\s+");
        if (parts.length != 2) {
            throw new IllegalArgumentException("Expected '<currency> <amount>' but got '" + text + "'");
        }
        long units = new BigDecimal(parts[1]).movePointRight(SCALE).longValueExact();
        return new Money(units, parts[0]);
    }

    public long minor() {
        return minor;
    }

    public String currency() {
        return currency;
    }

    public Money plus(Money other) {
        requireSameCurrency(other, "add");
        return new Money(Math.addExact(minor, other.minor), currency);
    }

    public Money minus(Money other) {
        requireSameCurrency(other, "subtract");
        return new Money(Math.subtractExact(minor, other.minor), currency);
    }

    public Money negate() {
        return new Money(-minor, currency);
    }

    public boolean isZero() {
        return minor == 0L;
    }

    private void requireSameCurrency(Money other, String operation) {
        if (!currency.equals(other.currency)) {
            String message = String.format("Cannot %s %s and %s amounts", operation, currency, other.currency);
            throw new CurrencyMismatchException(message);
        }
    }

    public String toPlainString() {
        return BigDecimal.valueOf(minor, SCALE).toPlainString();
    }

    /** The form shown to users: one call per balance line of every balance response. */
    public String toDisplay() {
        String amount = toPlainString();
        return String.format("%s %s", currency, amount);
    }

    @Override
    public int compareTo(Money other) {
        requireSameCurrency(other, "compare");
        return Long.compare(minor, other.minor);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Money)) {
            return false;
        }
        Money that = (Money) o;
        return minor == that.minor && currency.equals(that.currency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(minor, currency);
    }

    @Override
    public String toString() {
        String amount = toPlainString();
        return String.format("Money[%s %s]", currency, amount);
    }

    public static final class CurrencyMismatchException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public CurrencyMismatchException(String message) {
            super(message);
        }
    }
}
