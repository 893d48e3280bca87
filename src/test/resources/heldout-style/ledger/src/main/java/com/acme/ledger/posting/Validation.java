package com.acme.ledger.posting;

/**
 * Request validation shared by the posting and balance endpoints. Every helper returns the cleaned value
 * and throws a {@link LedgerException} with a message the client can show.
 */
public final class Validation {

    private Validation() {
    }

    /** Rejection of a request; the HTTP layer turns it into a 422 with the message as body. */
    public static class LedgerException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String code;

        public LedgerException(String message) {
            this("LEDGER_INVALID", message);
        }

        public LedgerException(String code, String message) {
            super(message);
            this.code = code;
        }

        public String code() {
            return code;
        }

        @Override
        public String toString() {
            String message = getMessage();
            return String.format("%s: %s", code, message);
        }
    }

    /** Called for each required field of each request; the message is only built when it throws. */
    public static String requireNonBlank(String value, String field) {
        if (value == null || value.trim().isEmpty()) {
            String message = String.format("Field '%s' is required", field);
            throw new LedgerException("FIELD_REQUIRED", message);
        }
        return value.trim();
    }

    /** Called for the account code of every journal line. */
    public static String requireAccountCode(String value, String field) {
        if (!value.matches("[0-9]{4}-[0-9]{2}")) {
            throw new LedgerException("BAD_ACCOUNT", describeMismatch("NNNN-NN", value, field));
        }
        return value;
    }

    public static String requireCurrency(String value, String expected, String field) {
        if (!value.equals(expected)) {
            throw new LedgerException("CURRENCY_MISMATCH", describeMismatch(expected, value, field));
        }
        return value;
    }

    /** Only ever called to build the message of a LedgerException that is about to be thrown. */
    static String describeMismatch(String expected, String actual, String field) {
        return String.format("%s: expected %s but was '%s'", field, expected, actual);
    }

    /** Path of a field inside the request, e.g. "lines[3].account"; computed for every field of every line. */
    public static String fieldPath(String parent, int index, String child) {
        return String.format("%s[%s].%s", parent, index, child);
    }
}
