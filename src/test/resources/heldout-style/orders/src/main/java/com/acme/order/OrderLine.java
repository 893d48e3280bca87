package com.acme.order;

import java.util.Locale;
import java.util.Objects;

/** One line of an order: a SKU, a quantity and a unit price in cents. Immutable. */
public final class OrderLine {

    private final String sku;
    private final int quantity;
    private final long unitPriceCents;

    public OrderLine(String sku, int quantity, long unitPriceCents) {
        if (quantity <= 0) {
            throw new IllegalArgumentException(String.format("quantity must be positive for %s but was %s", sku, quantity));
        }
        this.sku = sku.replaceAll("\\s+", "").toUpperCase(Locale.ROOT);
        this.quantity = quantity;
        this.unitPriceCents = unitPriceCents;
    }

    public String getSku() {
        return sku;
    }

    public int getQuantity() {
        return quantity;
    }

    public long getUnitPriceCents() {
        return unitPriceCents;
    }

    public long totalCents() {
        return quantity * unitPriceCents;
    }

    /** Short label used on invoices, e.g. "ACM-0001 x3". */
    public String label() {
        return String.format("%s x%s", sku, quantity);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OrderLine)) {
            return false;
        }
        OrderLine other = (OrderLine) o;
        return quantity == other.quantity && unitPriceCents == other.unitPriceCents && sku.equals(other.sku);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sku, quantity, unitPriceCents);
    }

    @Override
    public String toString() {
        return String.format("OrderLine[sku=%s, quantity=%s, unitPriceCents=%s]", sku, quantity, unitPriceCents);
    }
}
