package dev.rewriteperf.benchmarks.hotpaths.inlineobjectshash;

import java.util.Objects;

/** An order line as a hash-map key: its hash is computed from its two fields, as {@code Objects.hash} does it. */
public class Before {
    private final String sku;
    private final long orderId;

    public Before(String sku, long orderId) {
        this.sku = sku;
        this.orderId = orderId;
    }

    @Override
    public int hashCode() {
        return Objects.hash(sku, orderId);
    }
}
