package com.acme.orders.model;

import java.util.Objects;

/**
 * One line of an order. Instances are compared by value: the service de-duplicates lines with a
 * {@code HashSet} on every order placed, and the billing job groups them by SKU.
 */
public final class OrderLine {

    private final String sku;
    private final int quantity;
    private final long unitPriceCents;
    private final String currency;

    public OrderLine(String sku, int quantity, long unitPriceCents, String currency) {
        this.sku = sku;
        this.quantity = quantity;
        this.unitPriceCents = unitPriceCents;
        this.currency = currency;
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

    public String getCurrency() {
        return currency;
    }

    public long totalCents() {
        return unitPriceCents * quantity;
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
        return quantity == other.quantity
                && unitPriceCents == other.unitPriceCents
                && sku.equals(other.sku)
                && currency.equals(other.currency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sku, quantity);
    }

    @Override
    public String toString() {
        return String.format("OrderLine[sku=%s, qty=%s, unit=%s %s]", sku, quantity, unitPriceCents, currency);
    }
}
