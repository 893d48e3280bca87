package com.shop.web;

import com.shop.catalog.CatalogConfig;
import com.shop.order.LineItem;
import com.shop.order.OrderFactory;
import com.shop.order.ReceiptBuilder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Logger;

/** Handles HTTP requests; the server calls handle() (or handleBatch) for every request it receives. */
public final class RequestHandler {
    private static final Logger LOG = Logger.getLogger(RequestHandler.class.getName());

    private final OrderFactory orders;
    private final CatalogConfig catalog;

    public RequestHandler(OrderFactory orders, CatalogConfig catalog) {
        this.orders = orders;
        this.catalog = catalog;
    }

    public String handle(String method, String path, Map<String, String> params, Writer out) throws IOException {
        if (path == null) {
            throw new IllegalArgumentException("request without path");
        }
        String route = routeKey(method, path);
        Map<String, String> headers = init(params);
        String customer = headers.getOrDefault("customer", "");
        if (!customer.matches("^\\d+$")) {
            out.write("400 bad customer\n");
            return "400";
        }
        List<String> lines = setup(headers.getOrDefault("lines", ""));
        Map<String, String> overrides = catalog.load(headers.getOrDefault("overrides", ""));

        OrderFactory.Order order;
        try {
            order = orders.create(customer, lines);
        } catch (IllegalArgumentException e) {
            StringBuilder dump = new StringBuilder();
            for (String name : headers.keySet()) {
                String value = headers.get(name);
                dump.append(name).append('=').append(value).append(' ');
            }
            String reason = e.getMessage();
            String dumped = dump.toString();
            LOG.warning(String.format("%s rejected (%s): %s", route, reason, dumped));
            out.write("400 " + reason + "\n");
            return "400";
        }

        ReceiptBuilder receipt = new ReceiptBuilder()
                .customer(customer)
                .currency(overrides.getOrDefault("currency", "EUR"));
        for (LineItem item : order.lines()) {
            Map<String, String> display = catalog.configure(item.sku(), item.name(), item.tags());
            out.write(display.get("display") + "\n");
            receipt.add(item);
        }
        out.write(catalog.describe(overrides) + "\n");
        out.write(receipt.build());
        receipt.writeTo(out);
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        receipt.writeSummary(summary);
        out.write(summary.toString("UTF-8"));
        return "200";
    }

    /** Called by the server with the requests of one connection; handles each in turn. */
    public List<String> handleBatch(List<Map<String, String>> requests, Writer out) throws IOException {
        List<String> statuses = new ArrayList<>();
        for (Map<String, String> params : requests) {
            statuses.add(handle("POST", "/orders", params, out));
        }
        return statuses;
    }

    /** Called from handle() for every request, and also from Shop.main to print the route. */
    public static String routeKey(String method, String path) {
        String lowerPath = path.toLowerCase(Locale.ROOT);
        return String.format("%s %s", method, lowerPath);
    }

    /** Despite its name, runs on every request: normalises the parameter names. */
    Map<String, String> init(Map<String, String> params) {
        Map<String, String> headers = new HashMap<>(params.size());
        for (Map.Entry<String, String> e : params.entrySet()) {
            headers.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue().trim());
        }
        return headers;
    }

    /** Despite its name, runs on every request: splits the lines parameter into order lines. */
    List<String> setup(String rawLines) {
        String[] tokens = rawLines.trim().split("\\s+");
        List<String> cleaned = new ArrayList<>();
        Arrays.asList(tokens).forEach(t -> cleaned.add(t.replaceFirst("[,;]\\s*", ",")));
        return cleaned;
    }
}
