package com.acme.dao.entity;

import com.acme.dao.SchemaIntrospector;

import java.util.Objects;

/**
 * One line of an order, identified by order id and line number. Lines are collected in sets to drop
 * duplicates before a batch insert.
 */
@SchemaIntrospector.Table("order_lines")
public final class OrderLine {

    private long orderId;
    private int lineNo;
    private String sku;
    private int quantity;
    private long unitPriceCents;

    public OrderLine() {
    }

    public OrderLine(long orderId, int lineNo, String sku, int quantity, long unitPriceCents) {
        this.orderId = orderId;
        this.lineNo = lineNo;
        this.sku = sku;
        this.quantity = quantity;
        this.unitPriceCents = unitPriceCents;
    }

    public long getOrderId() {
        return orderId;
    }

    public int getLineNo() {
        return lineNo;
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

    /** Idempotency key of the line: a retried request skips lines whose key is already stored. */
    public String lineKey() {
        return String.format("%s/%s", orderId, lineNo);
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
        return orderId == other.orderId && lineNo == other.lineNo;
    }

    @Override
    public int hashCode() {
        return Objects.hash(orderId, lineNo);
    }

    @Override
    public String toString() {
        return String.format("OrderLine[%s/%s %s x %s]", orderId, lineNo, sku, quantity);
    }
}
