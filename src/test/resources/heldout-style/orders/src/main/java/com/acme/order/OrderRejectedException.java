package com.acme.order;

import java.util.List;
import java.util.Locale;

/** Thrown when an order cannot be accepted. */
public class OrderRejectedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String orderId;

    public OrderRejectedException(String orderId, String reason) {
        super(String.format("order %s rejected: %s", orderId, reason));
        this.orderId = orderId;
    }

    public static OrderRejectedException unknownSkus(String orderId, List<String> skus) {
        return new OrderRejectedException(orderId, "unknown skus " + String.join(", ", skus));
    }

    public static OrderRejectedException tooLarge(String orderId, long totalCents, long limitCents) {
        return new OrderRejectedException(orderId, String.format(Locale.ROOT, "total %d exceeds limit %d", totalCents, limitCents));
    }

    public String getOrderId() {
        return orderId;
    }
}
