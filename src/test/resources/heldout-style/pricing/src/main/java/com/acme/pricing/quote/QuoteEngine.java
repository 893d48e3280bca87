package com.acme.pricing.quote;

import com.acme.pricing.audit.AuditLog;
import com.acme.pricing.catalog.PriceCatalog;
import com.acme.pricing.promo.PromotionRegistry;
import com.acme.pricing.web.MiniHttp;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/** Computes a quote for a basket: unit prices, promotions, coupons, tax and rounding. */
public final class QuoteEngine {

    public static final class LineItem {
        public final String sku;
        public final int quantity;
        public final String category;

        public LineItem(String sku, int quantity, String category) {
            this.sku = sku;
            this.quantity = quantity;
            this.category = category;
        }
    }

    public static final class Basket {
        public final String customerId;
        public final String currency;
        public final String region;
        public final String tier;
        public final List<LineItem> lines;
        public final List<String> coupons;

        public Basket(String customerId, String currency, String region, String tier, List<LineItem> lines,
                List<String> coupons) {
            this.customerId = customerId;
            this.currency = currency;
            this.region = region;
            this.tier = tier;
            this.lines = lines;
            this.coupons = coupons;
        }
    }

    public static final class QuotedLine {
        public final String sku;
        public final int quantity;
        public final BigDecimal unitPrice;
        public final BigDecimal discount;
        public final BigDecimal tax;
        public final String taxRate;
        public final BigDecimal total;
        public final String description;

        QuotedLine(String sku, int quantity, BigDecimal unitPrice, BigDecimal discount, BigDecimal tax,
                String taxRate, BigDecimal total, String description) {
            this.sku = sku;
            this.quantity = quantity;
            this.unitPrice = unitPrice;
            this.discount = discount;
            this.tax = tax;
            this.taxRate = taxRate;
            this.total = total;
            this.description = description;
        }
    }

    public static final class Quote {
        public final String id;
        public final String currency;
        public final List<QuotedLine> lines;
        public final BigDecimal total;
        public final Map<String, String> meta;
        public final Map<String, String> taxSummary;
        public final Map<String, String> discounts;
        public final List<String> warnings;

        Quote(String id, String currency, List<QuotedLine> lines, BigDecimal total, Map<String, String> meta,
                Map<String, String> taxSummary, Map<String, String> discounts, List<String> warnings) {
            this.id = id;
            this.currency = currency;
            this.lines = lines;
            this.total = total;
            this.meta = meta;
            this.taxSummary = taxSummary;
            this.discounts = discounts;
            this.warnings = warnings;
        }

        @Override
        public String toString() {
            String[] skus = lines.stream().map(line -> line.sku).toArray(String[]::new);
            return "Quote[" + id + ", " + currency + " " + total + ", " + Arrays.toString(skus) + "]";
        }
    }

    private final PriceCatalog catalog;
    private final PromotionRegistry promotions;
    private final AuditLog audit;
    private final AtomicLong ids = new AtomicLong(System.currentTimeMillis() << 8);

    public QuoteEngine(PriceCatalog catalog, PromotionRegistry promotions, AuditLog audit) {
        this.catalog = catalog;
        this.promotions = promotions;
        this.audit = audit;
    }

    /** Runs once per quote request, after the context factory has parsed and validated the basket. */
    public Quote compute(QuoteContextFactory.QuoteContext ctx, Basket basket) {
        PromotionRegistry.Session promos = promotions.init(basket.coupons);
        List<QuotedLine> lines = priceLines(ctx, basket, promos);

        Map<String, QuotedLine> bySku = new HashMap<>(lines.size());
        for (QuotedLine line : lines) {
            bySku.put(line.sku, line);
        }

        BigDecimal subtotal = BigDecimal.ZERO;
        BigDecimal promoTotal = BigDecimal.ZERO;
        BigDecimal tax = BigDecimal.ZERO;
        Map<String, String> taxSummary = new TreeMap<>();
        for (QuotedLine line : lines) {
            subtotal = subtotal.add(line.total);
            promoTotal = promoTotal.add(line.discount);
            tax = tax.add(line.tax);
            taxSummary.merge(line.taxRate, line.tax.toPlainString(),
                    (a, b) -> new BigDecimal(a).add(new BigDecimal(b)).toPlainString());
        }

        Map<String, BigDecimal> couponDiscounts = new TreeMap<>();
        for (String coupon : basket.coupons) {
            if (coupon.matches("PCT-\\d{1,2}")) {
                int dash = coupon.indexOf('-');
                int percent = Integer.parseInt(coupon.substring(dash + 1, coupon.length()));
                couponDiscounts.put(coupon, subtotal.multiply(BigDecimal.valueOf(percent, 2)));
            } else if (coupon.startsWith("FREE:")) {
                QuotedLine target = bySku.get(coupon.substring(5));
                if (target != null) {
                    couponDiscounts.put(coupon, target.unitPrice);
                }
            } else {
                ctx.warnings.add("coupon " + coupon + " is not valid here");
            }
        }

        BigDecimal couponTotal = BigDecimal.ZERO;
        Map<String, String> discounts = new LinkedHashMap<>();
        for (String code : couponDiscounts.keySet()) {
            BigDecimal amount = ctx.rounding.round(couponDiscounts.get(code));
            couponTotal = couponTotal.add(amount);
            discounts.put(code, amount.toPlainString());
        }
        discounts.put("promotions", promoTotal.toPlainString());

        Set<String> categories = basket.lines.stream().map(item -> item.category).collect(Collectors.toSet());
        BigDecimal total = ctx.rounding.round(subtotal.subtract(couponTotal).add(tax));
        String id = Long.toString(ids.incrementAndGet(), 36);

        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("quote", id);
        meta.put("customer", basket.customerId);
        meta.put("region", basket.region);
        meta.put("rounding", ctx.rounding.label());
        meta.put("mixed-vat", Boolean.toString(categories.size() > 1));

        String[] skus = lines.stream().map(line -> line.sku).toArray(String[]::new);
        audit.record(ctx.tenant, id, total.movePointRight(2).longValue(), skus);
        return new Quote(id, basket.currency, lines, total, meta, taxSummary, discounts, ctx.warnings);
    }

    private List<QuotedLine> priceLines(QuoteContextFactory.QuoteContext ctx, Basket basket,
            PromotionRegistry.Session promos) {
        List<QuotedLine> quoted = new ArrayList<>();
        for (LineItem item : basket.lines) {
            quoted.add(priceLine(ctx, basket, item, promos));
        }
        return quoted;
    }

    private QuotedLine priceLine(QuoteContextFactory.QuoteContext ctx, Basket basket, LineItem item,
            PromotionRegistry.Session promos) {
        String sku = item.sku;
        int quantity = item.quantity;
        requirePositive(sku, quantity);
        BigDecimal unit = catalog.priceFor(sku, basket.currency, basket.tier);
        BigDecimal gross = unit.multiply(BigDecimal.valueOf(quantity));
        PromotionRegistry.Rule rule = promos.match(sku, quantity);
        BigDecimal discount = rule == null
                ? BigDecimal.ZERO
                : ctx.rounding.round(gross.multiply(BigDecimal.valueOf(rule.percent, 2)));
        String region = basket.region;
        BigDecimal rate = catalog.taxRate(region, item.category);
        BigDecimal tax = ctx.rounding.round(gross.subtract(discount).multiply(rate));
        assert tax.signum() >= 0 : String.format("negative tax for %s in %s", sku, region);
        String unitText = unit.toPlainString();
        String description = String.format("%s x %s @ %s", quantity, sku, unitText);
        BigDecimal total = gross.subtract(discount);
        return new QuotedLine(sku, quantity, unit, discount, tax, rate.toPlainString(), total, description);
    }

    private static void requirePositive(String sku, int quantity) {
        if (quantity <= 0) {
            String problem = String.format("quantity of %s must be positive, was %s", sku, quantity);
            throw new MiniHttp.BadRequest("quantity", problem);
        }
    }
}
