package com.acme.etl.parse;

/**
 * Parser for the bank's fixed-width booking export, one record per line:
 * account [0,8) name [8,30) booking date yyyymmdd [30,38) amount in cents [38,50) currency [50,53).
 */
public final class FixedWidthParser {

    public static final int RECORD_LENGTH = 53;

    public record Line(String account, String name, int bookingDate, long amountCents, String currency) {
        public Line {
            name = name.strip().replaceAll("\\s{2,}", " ");
            if (!currency.matches("[A-Z]{3}")) {
                throw new IllegalArgumentException("account " + account + ": bad currency '" + currency + "'");
            }
        }
    }

    private final StringBuilder key = new StringBuilder(16);
    private long lineNumber;

    public Line parse(String raw) {
        lineNumber++;
        if (raw.length() < RECORD_LENGTH) {
            throw new IllegalArgumentException(lengthMessage(lineNumber, raw.length()));
        }
        int bookingDate = Integer.parseInt(raw.substring(30, 38));
        long cents;
        try {
            cents = Long.parseLong(raw.substring(38, 50));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + lineNumber + ": bad amount (" + e.getMessage() + ")", e);
        }
        return new Line(raw.substring(0, 8), raw.substring(8, 30), bookingDate, cents, raw.substring(50, 53));
    }

    /** "ACCOUNT/CCY", the row key used in the report. Called for every line. */
    public String groupingKey(String raw) {
        if (raw.length() < RECORD_LENGTH) {
            throw new IllegalArgumentException(lengthMessage(lineNumber, raw.length()));
        }
        key.setLength(0);
        key.append(raw.substring(0, 8));
        key.append('/').append(raw, 50, RECORD_LENGTH);
        return key.toString();
    }

    private static String lengthMessage(long lineNumber, int length) {
        return String.format("line %s: expected %s characters, got %s", lineNumber, RECORD_LENGTH, length);
    }
}
