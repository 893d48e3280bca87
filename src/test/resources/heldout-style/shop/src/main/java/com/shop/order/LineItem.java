package com.shop.order;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One line of an order. A new LineItem is constructed for every line of every request,
 * and line items are used as HashMap keys when duplicate lines are merged (OrderFactory).
 */
public final class LineItem {
    private final String sku;
    private final String name;
    private final int quantity;
    private final long priceCents;
    private final List<String> tags;
    private final String key;

    public LineItem(String sku, String name, int quantity, long priceCents, List<String> rawTags) {
        if (sku == null) {
            throw new IllegalArgumentException(String.format("line item '%s' has no sku", name));
        }
        this.sku = sku.trim();
        this.name = name == null ? "" : name.trim();
        this.quantity = quantity;
        this.priceCents = priceCents;
        this.tags = normaliseTags(rawTags);
        this.key = String.format("%s:%s", this.sku, quantity);
    }

    /** Only called from the constructor, so it runs once per line item, i.e. per request line. */
    private static List<String> normaliseTags(List<String> rawTags) {
        List<String> out = new ArrayList<>();
        for (String tag : rawTags) {
            out.add(tag.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
        }
        return out;
    }

    public String sku() { return sku; }
    public String name() { return name; }
    public int quantity() { return quantity; }
    public long priceCents() { return priceCents; }
    public List<String> tags() { return tags; }
    public String key() { return key; }

    public long totalCents() { return priceCents * quantity; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LineItem)) {
            return false;
        }
        LineItem other = (LineItem) o;
        return sku.equals(other.sku) && name.equals(other.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sku, name);
    }

    @Override
    public String toString() {
        return String.format("LineItem[%s x%s @ %s]", sku, quantity, priceCents);
    }
}
