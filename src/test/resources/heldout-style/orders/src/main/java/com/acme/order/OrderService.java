package com.acme.order;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Prices, validates and stores orders. One instance per application. */
public class OrderService {

    private static final Logger LOG = Logger.getLogger(OrderService.class.getName());
    private static final String REGION = "eu-west";
    private static final long ORDER_LIMIT_CENTS = 10_000_000L;

    private static final String[] PREMIUM_PREFIXES = "GOLD-, PLATINUM-, VIP-".split(",\\s*");
    private static final Map<String, Long> DISCOUNT_PERCENT = new HashMap<>();
    private static final String TIER_SUMMARY;

    static {
        DISCOUNT_PERCENT.put("GOLD", 5L);
        DISCOUNT_PERCENT.put("PLATINUM", 10L);
        DISCOUNT_PERCENT.put("VIP", 15L);
        DISCOUNT_PERCENT.put("STAFF", 30L);
        List<String> tiers = new ArrayList<>();
        for (String tier : DISCOUNT_PERCENT.keySet()) {
            Long percent = DISCOUNT_PERCENT.get(tier);
            tiers.add(String.format("%s:%s", tier, percent));
        }
        TIER_SUMMARY = String.join(" ", tiers);
    }

    private final String serviceName = String.format("%s-pricing", REGION);
    private final Map<String, Order> orders = new HashMap<>();
    private final List<String> premiumTiers;

    {
        premiumTiers = Arrays.stream(PREMIUM_PREFIXES)
                .map(prefix -> prefix.substring(0, prefix.length() - 1))
                .collect(Collectors.toList());
    }

    public OrderService() {
        LOG.config(serviceName + " discount tiers: " + TIER_SUMMARY);
    }

    public boolean isPremium(String tier) {
        return premiumTiers.contains(tier);
    }

    /** Prices one order in cents, after the customer's tier discount. */
    public long price(Order order) {
        long total = 0;
        for (OrderLine line : order.getLines()) {
            total += line.totalCents();
        }
        long percent = DISCOUNT_PERCENT.getOrDefault(order.getTier(), 0L);
        long discounted = total - total * percent / 100;
        String id = order.getId();
        LOG.info(String.format("priced order %s at %s cents", id, discounted));
        return discounted;
    }

    public List<Long> priceAll(List<Order> batch) {
        List<Long> totals = new ArrayList<>();
        for (Order order : batch) {
            totals.add(price(order));
        }
        return totals;
    }

    public Order submit(Order order) {
        String id = order.getId();
        if (orders.containsKey(id)) {
            throw new OrderRejectedException(id, "duplicate order");
        }
        List<String> invalid = order.getLines().stream()
                .map(OrderLine::getSku)
                .filter(sku -> !isValidSku(sku))
                .collect(Collectors.toList());
        if (!invalid.isEmpty()) {
            throw OrderRejectedException.unknownSkus(id, invalid);
        }
        long total = price(order);
        if (total > ORDER_LIMIT_CENTS) {
            throw OrderRejectedException.tooLarge(id, total, ORDER_LIMIT_CENTS);
        }
        orders.put(id, order);
        return order;
    }

    public Order requireOrder(String id) {
        Order order = orders.get(id);
        if (order == null) {
            throw new NoSuchElementException(String.format("no order %s in region %s", id, REGION));
        }
        return order;
    }

    public List<String> skuList(Order order) {
        return order.getLines().stream().map(OrderLine::getSku).collect(Collectors.toList());
    }

    public String[] labels(List<OrderLine> lines) {
        return lines.stream().map(OrderLine::label).toArray(String[]::new);
    }

    public Set<String> distinctSkus(List<OrderLine> lines) {
        return lines.stream().map(OrderLine::getSku).collect(Collectors.toSet());
    }

    public List<String> invoiceLines(Order order) {
        List<String> out = new ArrayList<>(order.getLines().size());
        order.getLines().forEach(line -> {
            String sku = line.getSku();
            long cents = line.totalCents();
            out.add(String.format("%s: %s", sku, cents));
        });
        return out;
    }

    public boolean isValidSku(String sku) {
        return sku.matches("[A-Z]{3}-\\d{4}");
    }

    public long parseCents(String amount) {
        try {
            String digits = amount.replaceAll("[\\s_']", "");
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            LOG.warning(String.format("ignoring malformed amount %s", amount));
            return 0L;
        }
    }

    public Map<String, Long> totalsBySku(List<OrderLine> lines) {
        Map<String, Long> totals = new HashMap<>(lines.size());
        for (OrderLine line : lines) {
            totals.merge(line.getSku(), line.totalCents(), Long::sum);
        }
        return totals;
    }

    public Set<String> customersOf(List<Order> batch) {
        Set<String> customers = new HashSet<>(batch.size());
        for (Order order : batch) {
            customers.add(order.getCustomer());
        }
        return customers;
    }

    public boolean sharesTags(Order a, Order b) {
        Set<String> common = new HashSet<>();
        common.addAll(a.getTags());
        common.retainAll(b.getTags());
        return !common.isEmpty();
    }

    public long sumValid(Map<String, Long> totalsBySku) {
        long sum = 0;
        for (String sku : totalsBySku.keySet()) {
            Long cents = totalsBySku.get(sku);
            if (isValidSku(sku)) {
                sum += cents;
            }
        }
        return sum;
    }

    public void checkLimit(String id, long totalCents) {
        if (totalCents > ORDER_LIMIT_CENTS) {
            String message = String.format("order %s total %s exceeds %s", id, totalCents, ORDER_LIMIT_CENTS);
            throw new IllegalStateException(message);
        }
    }

    public void requireAllKnown(List<String> skus, Set<String> known) {
        List<String> missing = skus.stream().filter(sku -> !known.contains(sku)).collect(Collectors.toList());
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("unknown skus: " + missing.stream().map(String::trim).collect(Collectors.toList()));
        }
    }
}
