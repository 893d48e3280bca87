package com.acme.payments.model;

import java.util.Objects;

/** Value types shared by the gateway, the acquirer adapters and the reconciliation job. */
public final class Payment {

    private Payment() {
    }

    public enum Status {
        AUTHORISED, CAPTURED, DECLINED, PENDING, FAILED
    }

    /** One authorisation request as received from a merchant. */
    public static final class Request {
        private final String merchantId;
        private final String orderRef;
        private final long amountMinor;
        private final String currency;
        private final String cardToken;

        public Request(String merchantId, String orderRef, long amountMinor, String currency, String cardToken) {
            this.merchantId = Objects.requireNonNull(merchantId, "merchantId");
            this.orderRef = Objects.requireNonNull(orderRef, "orderRef");
            this.amountMinor = amountMinor;
            this.currency = Objects.requireNonNull(currency, "currency");
            this.cardToken = Objects.requireNonNull(cardToken, "cardToken");
        }

        public String merchantId() {
            return merchantId;
        }

        public String orderRef() {
            return orderRef;
        }

        public long amountMinor() {
            return amountMinor;
        }

        public String currency() {
            return currency;
        }

        public String cardToken() {
            return cardToken;
        }
    }

    /** What an acquirer answered; the gateway turns it into the merchant's HTTP response. */
    public static final class Result {
        private final Status status;
        private final String orderRef;
        private final String acquirerRef;
        private final String message;

        private Result(Status status, String orderRef, String acquirerRef, String message) {
            this.status = status;
            this.orderRef = orderRef;
            this.acquirerRef = acquirerRef;
            this.message = message;
        }

        public static Result authorised(String orderRef, String acquirerRef) {
            return new Result(Status.AUTHORISED, orderRef, acquirerRef, "approved");
        }

        public static Result captured(String orderRef, String acquirerRef) {
            return new Result(Status.CAPTURED, orderRef, acquirerRef, "captured");
        }

        public static Result pending(String orderRef, String acquirerRef) {
            return new Result(Status.PENDING, orderRef, acquirerRef, "pending");
        }

        public static Result declined(String orderRef, String message) {
            return new Result(Status.DECLINED, orderRef, null, message);
        }

        public static Result failed(String orderRef, String message) {
            return new Result(Status.FAILED, orderRef, null, message);
        }

        public Status status() {
            return status;
        }

        public String orderRef() {
            return orderRef;
        }

        public String acquirerRef() {
            return acquirerRef;
        }

        public String message() {
            return message;
        }

        /** One line of a batch response: "CAPTURED o-1001 NP-8812". */
        public String toLine() {
            return status + " " + orderRef + " " + (acquirerRef == null ? "-" : acquirerRef);
        }

        @Override
        public String toString() {
            return String.format("Result[%s %s ref=%s: %s]", status, orderRef, acquirerRef, message);
        }
    }

    /**
     * Key the gateway sends to acquirers and uses to collapse concurrent retries of one operation:
     * merchant, operation ("auth", "capture") and the merchant's or acquirer's reference.
     */
    public static final class IdempotencyKey {
        private final String merchant;
        private final String op;
        private final String ref;

        private IdempotencyKey(String merchant, String op, String ref) {
            this.merchant = merchant;
            this.op = op;
            this.ref = ref;
        }

        public static IdempotencyKey of(String merchant, String op, String ref) {
            return new IdempotencyKey(merchant, op, ref);
        }

        /** Sent as the Idempotency-Key header on every acquirer call. */
        public String value() {
            return String.format("%s:%s:%s", merchant, op, ref);
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof IdempotencyKey)) {
                return false;
            }
            IdempotencyKey other = (IdempotencyKey) o;
            return merchant.equals(other.merchant) && op.equals(other.op) && ref.equals(other.ref);
        }

        @Override
        public int hashCode() {
            return Objects.hash(merchant, op, ref);
        }

        @Override
        public String toString() {
            return value();
        }
    }
}
