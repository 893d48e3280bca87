package com.acme.payments.acquirer;

import com.acme.payments.model.Payment;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * Base class of the acquirer adapters. The gateway talks to every acquirer through this, and the adapters share the
 * mapping of acquirer response codes to the exceptions the gateway's retry and error handling expect.
 */
public abstract class Acquirer {

    private static final List<String> CONFIGURED_RETRYABLE =
            Arrays.asList(System.getProperty("payments.retryable-codes", "91, 96, N0, Z3").split(","));

    /** Response codes worth a retry with backoff; read once when the class loads. */
    static final Set<String> RETRYABLE_CODES = CONFIGURED_RETRYABLE.stream().map(String::trim).collect(Collectors.toSet());

    protected final String name;

    protected Acquirer(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public abstract CompletableFuture<Payment.Result> authorise(Payment.Request request, String idempotencyKey);

    /** Captures the full authorised amount. */
    public abstract CompletableFuture<Payment.Result> capture(String merchantId, String acquirerRef, String idempotencyKey);

    /** Strips the acquirer prefix from a response code ("NP-05" becomes "05"); runs on every acquirer response. */
    protected static String normaliseCode(String raw) {
        String code = raw.trim();
        return code.replaceFirst("^[A-Z]{2}-", "");
    }

    /** Maps a code other than "approved" to the exception the adapter completes its future with. */
    protected AcquirerException mapError(String code, String detail, String orderRef) {
        switch (code) {
            case "05":
            case "51":
            case "54":
            case "57":
                return new DeclinedException(code, String.format("%s declined %s with code %s: %s", name, orderRef, code, detail));
            case "91":
            case "96":
                return new TransientException(code, name + " unavailable for " + orderRef, null);
            default:
                if (RETRYABLE_CODES.contains(code)) {
                    return new TransientException(code, name + " asked to retry " + orderRef, null);
                }
                String message = String.format("%s returned unmapped code %s for %s", name, code, orderRef);
                return new AcquirerException(code, message, false, null);
        }
    }

    /** HTTP statuses after which the same request may be sent again with the same idempotency key. */
    protected static boolean isRetryableHttpStatus(int status) {
        switch (status) {
            case 408:
            case 429:
            case 502:
            case 503:
            case 504:
                return true;
            default:
                return false;
        }
    }

    public static class AcquirerException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String code;
        private final boolean retryable;

        public AcquirerException(String code, String message, boolean retryable, Throwable cause) {
            super(message, cause);
            this.code = code;
            this.retryable = retryable;
        }

        public String code() {
            return code;
        }

        public boolean retryable() {
            return retryable;
        }
    }

    public static final class DeclinedException extends AcquirerException {
        private static final long serialVersionUID = 1L;

        public DeclinedException(String code, String message) {
            super(code, message, false, null);
        }
    }

    public static final class TransientException extends AcquirerException {
        private static final long serialVersionUID = 1L;

        public TransientException(String code, String message, Throwable cause) {
            super(code, message, true, cause);
        }
    }
}
