package com.acme.order;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A customer order as received from the web shop. Plain mutable data object,
 * filled in by the request binding; one instance per incoming request.
 */
public class Order {

    private String id;
    private String customer;
    private String reference;
    private String tier = "STANDARD";
    private List<OrderLine> lines = new ArrayList<>();
    private Set<String> tags = new HashSet<>();

    public Order() {
    }

    public Order(String id, String customer, List<OrderLine> lines, Collection<String> tags) {
        this.id = id;
        this.customer = customer;
        this.reference = String.format("%s/%s", customer, id);
        this.lines = new ArrayList<>(lines);
        this.tags = new HashSet<>();
        this.tags.addAll(tags);
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer.trim().replaceAll("\\s{2,}", " ");
    }

    public String getReference() {
        return reference;
    }

    public String getTier() {
        return tier;
    }

    public void setTier(String tier) {
        this.tier = tier;
    }

    public List<OrderLine> getLines() {
        return lines;
    }

    public void setLines(List<OrderLine> lines) {
        this.lines = lines;
    }

    public Set<String> getTags() {
        return tags;
    }

    public void setTags(Collection<String> tags) {
        Set<String> copy = new HashSet<>();
        copy.addAll(tags);
        this.tags = copy;
    }

    @Override
    public String toString() {
        List<String> skus = lines.stream().map(OrderLine::getSku).collect(Collectors.toList());
        return "Order[id=" + id + ", customer=" + customer + ", skus=" + String.join(",", skus) + "]";
    }
}
