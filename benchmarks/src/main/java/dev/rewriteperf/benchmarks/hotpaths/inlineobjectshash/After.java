package dev.rewriteperf.benchmarks.hotpaths.inlineobjectshash;

import java.util.Objects;

/** An order line as a hash-map key: its hash is computed from its three fields, as {@code Objects.hash} does it. */
public class After {
    private final String sku;
    private final int quantity;
    private final long orderId;

    public After(String sku, int quantity, long orderId) {
        this.sku = sku;
        this.quantity = quantity;
        this.orderId = orderId;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 + Objects.hashCode(sku)) + Integer.hashCode(quantity)) + Long.hashCode(orderId);
    }
}
