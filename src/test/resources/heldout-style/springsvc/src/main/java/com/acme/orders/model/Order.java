package com.acme.orders.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

public class Order {

    public enum Status { DRAFT, PLACED, INVOICED, SHIPPED, CANCELLED }

    /** Statuses after which an order can no longer change; looked up by name from the admin API. */
    public static final Set<String> TERMINAL_STATUS_NAMES;

    static {
        List<Status> terminal = Arrays.asList(Status.SHIPPED, Status.CANCELLED);
        Set<String> names = terminal.stream().map(s -> s.name().toLowerCase()).collect(Collectors.toSet());
        TERMINAL_STATUS_NAMES = Collections.unmodifiableSet(names);
    }

    private final long id;
    private final String orderNo;
    private final String customerId;
    private final String region;
    private Status status;
    private final List<OrderLine> lines;
    private final Map<String, String> attributes;
    private final Instant createdAt;

    public Order(long id, String orderNo, String customerId, String region, Status status,
                 List<OrderLine> lines, Map<String, String> attributes, Instant createdAt) {
        this.id = id;
        this.orderNo = orderNo;
        this.customerId = customerId;
        this.region = region;
        this.status = status;
        this.lines = new ArrayList<>(lines);
        this.attributes = new LinkedHashMap<>(attributes);
        this.createdAt = createdAt;
    }

    public long getId() {
        return id;
    }

    public String getOrderNo() {
        return orderNo;
    }

    public String getCustomerId() {
        return customerId;
    }

    public String getRegion() {
        return region;
    }

    public Status getStatus() {
        return status;
    }

    public void setStatus(Status status) {
        this.status = status;
    }

    public List<OrderLine> getLines() {
        return Collections.unmodifiableList(lines);
    }

    public Map<String, String> getAttributes() {
        return Collections.unmodifiableMap(attributes);
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    /** Distinct SKUs of this order; the validator and the billing job call this for every order. */
    public Set<String> skuSet() {
        return lines.stream().map(OrderLine::getSku).collect(Collectors.toSet());
    }

    public long totalCents() {
        long total = 0;
        for (OrderLine line : lines) {
            total += line.totalCents();
        }
        return total;
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
        return id == other.id && orderNo.equals(other.orderNo);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, orderNo);
    }

    @Override
    public String toString() {
        List<String> skus = lines.stream().map(OrderLine::getSku).collect(Collectors.toList());
        String skuList = String.join(",", skus);
        StringBuilder attrs = new StringBuilder();
        for (String key : attributes.keySet()) {
            attrs.append(key).append('=').append(attributes.get(key)).append(';');
        }
        String attrText = attrs.toString();
        return String.format("Order[no=%s, customer=%s, region=%s, skus=%s, attrs=%s]",
                orderNo, customerId, region, skuList, attrText);
    }
}
