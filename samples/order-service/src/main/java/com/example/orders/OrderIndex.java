package com.example.orders;

import com.google.common.collect.Maps;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Lookups built once per request from the orders a customer has. */
public class OrderIndex {

    private static final int DEFAULT_CUSTOMERS = 64;

    private final Map<String, Order> byId;
    private final Map<String, List<Order>> byCustomer = new HashMap<>(DEFAULT_CUSTOMERS);

    public OrderIndex(List<Order> orders) {
        byId = new HashMap<>(orders.size());
        for (Order order : orders) {
            byId.put(order.id(), order);
            byCustomer.computeIfAbsent(order.customerId(), c -> new ArrayList<>()).add(order);
        }
    }

    public Order find(String id) {
        return byId.get(id);
    }

    public List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (Order order : byId.values()) {
            ids.add(order.id());
        }
        return ids;
    }

    public Set<String> skus(Order order) {
        Set<String> skus = new HashSet<>();
        skus.addAll(order.skus());
        return skus;
    }

    public Map<String, Long> totals() {
        Map<String, Long> totals = Maps.newHashMapWithExpectedSize(byId.size());
        for (Order order : byId.values()) {
            totals.put(order.id(), order.totalCents());
        }
        return totals;
    }

    public Map<String, Integer> positions(String[] ids) {
        Map<String, Integer> positions = new HashMap<>((int) (ids.length / 0.75f) + 1);
        for (int i = 0; i < ids.length; i++) {
            positions.put(ids[i], i);
        }
        return positions;
    }

    public List<Order> largeOrders(long minimumCents) {
        List<Order> large = new ArrayList<>();
        for (Order order : byId.values()) {
            if (order.totalCents() >= minimumCents) {
                large.add(order);
            }
        }
        return large;
    }
}
