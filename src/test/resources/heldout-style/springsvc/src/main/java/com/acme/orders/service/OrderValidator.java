package com.acme.orders.service;

import com.acme.orders.web.OrderController.CreateOrderRequest;
import com.acme.orders.web.OrderController.LineRequest;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Validates every order request before it reaches the service. A singleton: the constructor runs
 * once when the context starts, {@link #validate} runs on every POST /api/orders.
 */
@Component
public class OrderValidator {

    private static final int MAX_LINES = 200;

    private final Set<String> supportedCurrencies;
    private final String allowedList;

    public OrderValidator(@Value("${orders.currencies:EUR,USD,GBP}") String currencies) {
        Set<String> codes = new HashSet<>();
        codes.addAll(Arrays.asList(currencies.split(",")));
        this.supportedCurrencies = Collections.unmodifiableSet(codes);
        this.allowedList = String.join("/", codes);
    }

    public void validate(CreateOrderRequest request) {
        String customerId = request.customerId();
        if (customerId == null || customerId.length() != 8 || !customerId.startsWith("C-")) {
            throw new ValidationException("customerId", "malformed customer id " + customerId);
        }
        List<LineRequest> lines = request.lines();
        int count = lines.size();
        if (count == 0 || count > MAX_LINES) {
            throw new ValidationException("lines",
                    "order for " + customerId + " has " + count + " lines, expected 1.." + MAX_LINES);
        }
        String currency = request.currency();
        if (!supportedCurrencies.contains(currency)) {
            throw new ValidationException("currency", unsupportedCurrency(currency));
        }
        for (int i = 0; i < count; i++) {
            LineRequest line = lines.get(i);
            String sku = line.sku();
            if (!sku.matches("[A-Z]{3}-\\d{4,6}")) {
                throw new ValidationException("sku", describe("sku", sku, i));
            }
            int quantity = line.quantity();
            if (quantity <= 0) {
                throw new ValidationException("quantity", describe("quantity", sku, quantity));
            }
        }
        Set<String> distinct = lines.stream().map(LineRequest::sku).collect(Collectors.toSet());
        if (distinct.size() != count) {
            throw new ValidationException("lines", duplicates(lines));
        }
    }

    /** Normalises what the user typed in the search box: "abc 1234" becomes "ABC-1234". */
    public String normalizeSku(String raw) {
        String upper = raw.trim().toUpperCase(Locale.ROOT);
        return upper.replaceAll("[\\s_]+", "-");
    }

    private String unsupportedCurrency(String currency) {
        return "currency " + currency + " is not one of " + allowedList;
    }

    private static String describe(String field, String sku, int value) {
        return String.format("invalid %s for %s: %s", field, sku, value);
    }

    private static String duplicates(List<LineRequest> lines) {
        List<String> skus = lines.stream().map(LineRequest::sku).collect(Collectors.toList());
        return "duplicate SKUs in " + skus;
    }

    public static class ValidationException extends RuntimeException {
        private final String field;

        public ValidationException(String field, String message) {
            super(message);
            this.field = field;
        }

        public String getField() {
            return field;
        }
    }
}
