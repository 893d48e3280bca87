package com.acme.matching.book;

import java.util.Objects;

/**
 * A resting or incoming limit order. Prices are in ticks, quantities in lots.
 * Instances are mutable only through {@link #fill(long)}; identity is the exchange order id plus the ClOrdID.
 */
public final class Order {

    public enum Side { BUY, SELL }

    private final long orderId;
    private final String clOrdId;
    private final String account;
    private final String symbol;
    private final Side side;
    private final long price;
    private final long entryNanos;
    private long remainingQty;

    public Order(long orderId, String clOrdId, String account, String symbol, Side side, long price, long qty,
                 long entryNanos) {
        if (qty <= 0) {
            throw new IllegalArgumentException("order " + clOrdId + ": quantity must be positive, was " + qty);
        }
        this.orderId = orderId;
        this.clOrdId = clOrdId;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.price = price;
        this.remainingQty = qty;
        this.entryNanos = entryNanos;
    }

    public long orderId() { return orderId; }
    public String clOrdId() { return clOrdId; }
    public String account() { return account; }
    public String symbol() { return symbol; }
    public Side side() { return side; }
    public long price() { return price; }
    public long remainingQty() { return remainingQty; }
    public long entryNanos() { return entryNanos; }

    public boolean isFilled() {
        return remainingQty == 0;
    }

    /** Called by the matcher for every execution against this order. */
    public void fill(long qty) {
        long left = remainingQty;
        if (qty > left) {
            throw new IllegalStateException("overfill on " + clOrdId + ": " + qty + " > " + left);
        }
        remainingQty = left - qty;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Order)) {
            return false;
        }
        Order other = (Order) o;
        return orderId == other.orderId && clOrdId.equals(other.clOrdId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(orderId, clOrdId);
    }

    @Override
    public String toString() {
        return String.format("Order[%s %s %s %s@%s]", clOrdId, side, symbol, remainingQty, price);
    }
}
