package dev.rewriteperf.benchmarks.hotpaths.inlineobjectshash;

import java.util.Objects;

/** An order line as a hash-map key: its hash is computed from its two fields, as {@code Objects.hash} does it. */
public class After {
    private final String sku;
    private final long orderId;

    public After(String sku, long orderId) {
        this.sku = sku;
        this.orderId = orderId;
    }

    @Override
    public int hashCode() {
        return 31 * (31 + Objects.hashCode(sku)) + Long.hashCode(orderId);
    }
}
