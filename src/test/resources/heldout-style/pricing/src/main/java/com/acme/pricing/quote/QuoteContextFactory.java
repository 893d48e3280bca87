package com.acme.pricing.quote;

import com.acme.pricing.web.MiniHttp;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Currency;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Creates the {@link QuoteContext} of a quote request: currency and rounding, feature flags and the
 * parsed basket. The service holds one factory; {@link #create} and {@link #parseBasket} run for every
 * request on {@code /quote} and {@code /invoice.csv}.
 */
public final class QuoteContextFactory {

    /** Baskets posted by the store tills: fixed 11-byte records, big-endian. */
    public static final String POS_MEDIA_TYPE = "application/x-acme-pos";
    private static final int POS_RECORD = 11;
    private static final String[] POS_CATEGORIES = {"standard", "food", "books"};

    private static final Map<String, Integer> MINOR_UNITS;

    static {
        Map<String, Integer> digits = new HashMap<>();
        for (Currency currency : Currency.getAvailableCurrencies()) {
            digits.put(currency.getCurrencyCode(), currency.getDefaultFractionDigits());
        }
        MINOR_UNITS = digits;
    }

    public static final class QuoteContext {
        public final String tenant;
        public final String currency;
        public final List<String> warnings = new ArrayList<>();
        Set<String> flags = Collections.emptySet();
        public RoundingPolicy rounding;

        QuoteContext(String tenant, String currency) {
            this.tenant = tenant;
            this.currency = currency;
        }

        public boolean flag(String name) {
            return flags.contains(name);
        }
    }

    public static final class RoundingPolicy {
        private final int digits;
        private final RoundingMode mode;
        private final String label;

        private RoundingPolicy(int digits, RoundingMode mode, String label) {
            this.digits = digits;
            this.mode = mode;
            this.label = label;
        }

        /** Resolves the rounding of one request from its currency and flags. */
        static RoundingPolicy init(String currency, boolean bankers) {
            Integer digits = MINOR_UNITS.get(currency);
            if (digits == null || digits < 0) {
                throw new MiniHttp.BadRequest("currency", "no minor unit for " + currency);
            }
            String mode = bankers ? "HALF_EVEN" : "HALF_UP";
            String label = String.format("%s/%s", currency, mode);
            return new RoundingPolicy(digits, RoundingMode.valueOf(mode), label);
        }

        public BigDecimal round(BigDecimal amount) {
            return amount.setScale(digits, mode);
        }

        public String label() {
            return label;
        }
    }

    /** The basket of a request and the validation errors to send back instead of a quote. */
    public static final class ParsedBasket {
        public final QuoteEngine.Basket basket;
        public final List<String> errors;

        ParsedBasket(QuoteEngine.Basket basket, List<String> errors) {
            this.basket = basket;
            this.errors = errors;
        }
    }

    private final Set<String> supportedCurrencies;

    public QuoteContextFactory(Set<String> supportedCurrencies) {
        this.supportedCurrencies = supportedCurrencies;
    }

    public QuoteContext create(MiniHttp.Request request) {
        String currency = request.query("currency");
        if (currency == null || !currency.matches("[A-Z]{3}")) {
            throw new MiniHttp.BadRequest("currency", String.format("expected an ISO 4217 code, got %s", currency));
        }
        if (!supportedCurrencies.contains(currency)) {
            throw new MiniHttp.BadRequest("currency", currency + " is not priced");
        }
        QuoteContext ctx = new QuoteContext(request.header("x-tenant"), currency);
        configure(ctx, request);
        return ctx;
    }

    /** Per-request part of {@link #create}: flags and rounding. Tests call it on a bare context. */
    void configure(QuoteContext ctx, MiniHttp.Request request) {
        Set<String> flags = new HashSet<>();
        flags.addAll(request.headerValues("x-feature"));
        ctx.flags = flags;
        ctx.rounding = RoundingPolicy.init(ctx.currency, flags.contains("bankers-rounding"));
    }

    public ParsedBasket parseBasket(QuoteContext ctx, MiniHttp.Request request) {
        List<String> errors = new ArrayList<>();
        List<QuoteEngine.LineItem> items = POS_MEDIA_TYPE.equals(request.header("content-type"))
                ? decodePos(request.body(), errors)
                : parseText(request.bodyText(), errors);
        String region = request.query("region");
        if (region == null) {
            errors.add("region is required");
        }
        String tier = request.query("tier");
        QuoteEngine.Basket basket = new QuoteEngine.Basket(request.header("x-customer"), ctx.currency,
                region, tier == null ? "list" : tier, items, request.headerValues("x-coupon"));
        return new ParsedBasket(basket, errors);
    }

    /** Text baskets from the web shop: {@code sku;quantity;category}, one line each. */
    private static List<QuoteEngine.LineItem> parseText(String body, List<String> errors) {
        List<QuoteEngine.LineItem> items = new ArrayList<>();
        String[] rows = body.split("\n");
        int lineNo = 0;
        while (lineNo < rows.length) {
            String row = rows[lineNo++].trim();
            if (row.isEmpty()) {
                continue;
            }
            String[] cols = row.split("\\s*;\\s*");
            if (cols.length != 3) {
                errors.add(String.format("line %s: expected sku;quantity;category but got '%s'", lineNo, row));
                continue;
            }
            try {
                items.add(new QuoteEngine.LineItem(cols[0], Integer.parseInt(cols[1]), cols[2]));
            } catch (NumberFormatException e) {
                errors.add("line " + lineNo + ": quantity is not a number");
            }
        }
        return items;
    }

    /** Till baskets: sku id (8 bytes), quantity (2 bytes, unsigned), category code (1 byte) per record. */
    private static List<QuoteEngine.LineItem> decodePos(byte[] body, List<String> errors) {
        if (body.length % POS_RECORD != 0) {
            errors.add("POS payload of " + body.length + " bytes is not a whole number of records");
            return Collections.emptyList();
        }
        List<QuoteEngine.LineItem> items = new ArrayList<>(body.length / POS_RECORD);
        for (int off = 0; off < body.length; off += POS_RECORD) {
            long skuId = (long) (body[off] & 0xFF) << 56 | (long) (body[off + 1] & 0xFF) << 48
                    | (long) (body[off + 2] & 0xFF) << 40 | (long) (body[off + 3] & 0xFF) << 32
                    | (long) (body[off + 4] & 0xFF) << 24 | (long) (body[off + 5] & 0xFF) << 16
                    | (long) (body[off + 6] & 0xFF) << 8 | (long) (body[off + 7] & 0xFF);
            int q = off + 8;
            int quantity = (body[q] & 0xFF) << 8 | (body[q + 1] & 0xFF);
            int category = body[off + 10];
            String sku = Long.toString(skuId, 36).toUpperCase(Locale.ROOT);
            if (category < 0 || category >= POS_CATEGORIES.length) {
                errors.add("record " + off / POS_RECORD + ": unknown category " + category);
            } else {
                items.add(new QuoteEngine.LineItem(sku, quantity, POS_CATEGORIES[category]));
            }
        }
        return items;
    }
}
