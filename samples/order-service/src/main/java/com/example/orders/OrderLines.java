package com.example.orders;

import java.util.List;
import java.util.stream.Collectors;

/** The order ids a checkout page lists on every request, and the same list once a night for the audit. */
public final class OrderLines {

    private OrderLines() {
    }

    /** Every checkout request: the hot path. */
    public static List<String> lineIds(List<Order> orders) {
        return orders.stream().map(Order::id).collect(Collectors.toList());
    }

    /** Every checkout request too, but filtered: no recipe can size it, so the report lists it as a hot spot left alone. */
    public static List<String> largeOrderIds(List<Order> orders) {
        return orders.stream().filter(order -> order.totalCents() >= 25_000).map(Order::id).collect(Collectors.toList());
    }

    /** Once a night: the same shape as lineIds, cold. */
    public static List<String> auditIds(List<Order> orders) {
        return orders.stream().map(Order::id).collect(Collectors.toList());
    }
}
