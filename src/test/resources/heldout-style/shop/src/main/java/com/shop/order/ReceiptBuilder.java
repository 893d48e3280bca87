package com.shop.order;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Assembles the receipt; a new builder is created, filled and built for every order. */
public final class ReceiptBuilder {
    private static final Logger LOG = Logger.getLogger(ReceiptBuilder.class.getName());

    private final List<LineItem> lines = new ArrayList<>();
    private String customer = "";
    private String currency = "EUR";

    public ReceiptBuilder customer(String customer) {
        this.customer = Objects.requireNonNull(customer, "customer");
        return this;
    }

    public ReceiptBuilder currency(String currency) {
        this.currency = Objects.requireNonNull(currency, "currency");
        return this;
    }

    public ReceiptBuilder add(LineItem item) {
        lines.add(item);
        return this;
    }

    /** Called once per order. */
    public String build() {
        if (customer.isEmpty()) {
            String msg = String.format("receipt in %s with %s lines has no customer", currency, lines.size());
            throw new IllegalStateException(msg);
        }
        assert !lines.isEmpty() : String.format("receipt for %s has no lines", customer);

        StringBuilder sb = new StringBuilder();
        sb.append(String.format("Receipt for %s (%s)\n", customer, currency));

        List<LineItem> sorted = new ArrayList<>(lines);
        Collections.sort(sorted, new Comparator<LineItem>() {
            @Override
            public int compare(LineItem a, LineItem b) {
                String ka = a.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
                String kb = b.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
                return ka.compareTo(kb);
            }
        });
        String[] names = sorted.stream().map(LineItem::name).toArray(String[]::new);
        sb.append(String.join(", ", names)).append('\n');

        Map<String, Integer> perTag = new HashMap<>();
        for (LineItem item : sorted) {
            for (String tag : item.tags()) {
                perTag.merge(tag, item.quantity(), Integer::sum);
            }
        }
        for (String tag : perTag.keySet()) {
            Integer count = perTag.get(tag);
            sb.append("  #").append(tag).append(" x").append(count).append('\n');
        }
        return sb.toString();
    }

    /** Writes the line details to the response writer it is given; called once per order. */
    public void writeTo(Writer out) throws IOException {
        for (LineItem item : lines) {
            String sku = item.sku();
            int qty = item.quantity();
            long total = item.totalCents();
            out.write(String.format("%s;%s;%s\n", sku, qty, total));
        }
        int count = lines.size();
        if (LOG.isLoggable(Level.FINE)) {
            LOG.fine("receipt details: " + lines);
        } else {
            LOG.info(String.format("receipt for %s written with %s lines", customer, count));
        }
    }

    /** Writes a one-line CSV summary to the stream it is given; called once per order. */
    public void writeSummary(OutputStream os) throws IOException {
        long total = 0;
        for (LineItem item : lines) {
            total += item.totalCents();
        }
        os.write(String.format("%s,%s,%s\n", customer, currency, total).getBytes("UTF-8"));
    }
}
