package com.shop.order;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Turns the lines of one request into an Order. create() is called for every request. */
public final class OrderFactory {
    private static final Logger LOG = Logger.getLogger(OrderFactory.class.getName());

    /** The order built for one request. */
    public static final class Order {
        private final String id;
        private final List<LineItem> lines;

        Order(String id, List<LineItem> lines) {
            this.id = id;
            this.lines = lines;
        }

        public String id() { return id; }
        public List<LineItem> lines() { return lines; }
    }

    private final Map<String, Long> priceBook;

    public OrderFactory(Map<String, Long> priceBook) {
        this.priceBook = priceBook;
    }

    public Order create(String customerId, List<String> rawLines) {
        if (customerId == null) {
            throw new IllegalArgumentException("customer id is required");
        }
        int lineCount = rawLines.size();
        String orderId = String.format("%s-%s", customerId, lineCount);

        List<LineItem> items = new ArrayList<>();
        for (String raw : rawLines) {
            items.add(parseLine(raw));
        }

        List<String> requested = items.stream().map(LineItem::sku).collect(Collectors.toList());
        Set<String> unknown = new HashSet<>();
        unknown.addAll(requested);
        unknown.removeAll(priceBook.keySet());

        Map<LineItem, Integer> merged = new HashMap<>();
        for (LineItem item : items) {
            merged.merge(item, item.quantity(), Integer::sum);
        }
        List<LineItem> lines = new ArrayList<>();
        for (LineItem key : merged.keySet()) {
            Integer qty = merged.get(key);
            if (qty > 0) {
                lines.add(new LineItem(key.sku(), key.name(), qty, key.priceCents(), key.tags()));
            }
        }
        int unknownCount = unknown.size();
        LOG.info(String.format("order %s created, %s unknown skus", orderId, unknownCount));
        return new Order(orderId, lines);
    }

    /** Called from create() for every line of every request. */
    private LineItem parseLine(String raw) {
        String[] parts = raw.split("[,;]\\s*");
        if (parts.length < 3) {
            throw new IllegalArgumentException(describeBadLine(raw, parts.length));
        }
        int qty;
        try {
            String digits = parts[2].replaceAll("\\s+", "");
            qty = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            String bad = parts[2];
            throw new IllegalArgumentException(String.format("bad quantity '%s' in line '%s'", bad, raw), e);
        }
        Long price = priceBook.get(parts[0]);
        long cents = price == null ? 0L : price;
        List<String> tags = parts.length > 3
                ? Arrays.asList(Arrays.copyOfRange(parts, 3, parts.length))
                : Collections.emptyList();
        return new LineItem(parts[0], parts[1], qty, cents, tags);
    }

    /** Only used to build the message of a thrown exception. */
    private static String describeBadLine(String raw, int fields) {
        return String.format("malformed line '%s': %s fields, expected 3", raw, fields);
    }
}
