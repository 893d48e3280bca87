package com.acme.etl.validate;

import com.acme.etl.model.ImportRow;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * Row checks. A check returns null for a good row, or the reason the row goes to the reject file
 * (operations reads the reasons the next morning and asks the branch for a corrected delivery).
 */
public final class Validators {

    @FunctionalInterface
    public interface RowValidator {
        String check(ImportRow row);
    }

    private static final String IBAN = "[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}";

    private Validators() {
    }

    /**
     * The checks for one file. Branches override the accepted currencies and the amount limit per
     * delivery, so the job builds the checks again for every file it imports.
     */
    public static List<RowValidator> forFeed(Properties feed, LocalDate businessDay) {
        String currencies = feed.getProperty("validate.currencies", "CHF, EUR, USD, GBP");
        List<String> accepted = Arrays.asList(currencies.split("\\s*,\\s*"));
        long limit = Long.parseLong(feed.getProperty("validate.limit.minor", "100000000000"));
        int daysBack = Integer.parseInt(feed.getProperty("validate.value.days.back", "5"));
        List<RowValidator> checks = new ArrayList<>();
        checks.add(requiredColumns());
        checks.add(iban());
        checks.add(currency(accepted));
        checks.add(new AmountLimit(limit));
        checks.add(valueDate(businessDay, daysBack));
        return checks;
    }

    /** All checks in order; the first reason wins. */
    public static RowValidator all(List<RowValidator> checks) {
        RowValidator[] chain = checks.toArray(new RowValidator[0]);
        return row -> {
            for (RowValidator check : chain) {
                String reason = check.check(row);
                if (reason != null) {
                    return reason;
                }
            }
            return null;
        };
    }

    static RowValidator requiredColumns() {
        return row -> {
            long lineNo = row.getLineNo();
            require(row, "ACCOUNT_NO", lineNo);
            require(row, "AMOUNT", lineNo);
            require(row, "CURRENCY", lineNo);
            return null;
        };
    }

    /** The mapping guarantees these columns: a row without one is a mapping bug, not bad data. */
    private static void require(ImportRow row, String column, long lineNo) {
        if (!row.hasColumn(column)) {
            String file = row.getSourceFile();
            String message = String.format("%s line %s: the mapping produced no %s column", file, lineNo, column);
            throw new IllegalStateException(message);
        }
    }

    static RowValidator iban() {
        return row -> {
            String account = row.getAccountNo();
            if (account == null) {
                return "account number missing";
            }
            String compact = account.replaceAll("[\\s-]+", "");
            if (!compact.matches(IBAN)) {
                return String.format("account %s is not an IBAN", account);
            }
            return null;
        };
    }

    static RowValidator currency(Collection<String> accepted) {
        Set<String> codes = new HashSet<>();
        codes.addAll(accepted);
        return row -> {
            String code = row.getCurrency();
            return code != null && codes.contains(code) ? null : "currency not accepted for this feed";
        };
    }

    static RowValidator valueDate(LocalDate businessDay, int daysBack) {
        LocalDate earliest = businessDay.minusDays(daysBack);
        return row -> {
            Object value = row.value("VALUE_DATE");
            if (value == null) {
                return null;
            }
            String text = value.toString();
            if (!text.matches("[0-9]{8}")) {
                return "value date is not yyyyMMdd";
            }
            try {
                LocalDate valueDate = LocalDate.parse(text, DateTimeFormatter.BASIC_ISO_DATE);
                return valueDate.isBefore(earliest) ? "value date too far back" : null;
            } catch (DateTimeParseException e) {
                return String.format("value date %s is not a calendar date", text);
            }
        };
    }

    /** Amount limit of the feed, in minor units, either sign. */
    static final class AmountLimit implements RowValidator {

        private final long limitMinor;

        AmountLimit(long limitMinor) {
            this.limitMinor = limitMinor;
        }

        @Override
        public String check(ImportRow row) {
            long amount = row.getAmountMinor();
            long lineNo = row.getLineNo();
            assert amount != Long.MIN_VALUE : String.format("line %s: amount %s overflowed", lineNo, amount);
            return Math.abs(amount) <= limitMinor ? null : "amount above the feed limit";
        }

        @Override
        public String toString() {
            return String.format("AmountLimit[%s]", limitMinor);
        }
    }
}
