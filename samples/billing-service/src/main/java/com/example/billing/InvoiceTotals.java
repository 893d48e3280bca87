package com.example.billing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Totals per SKU for an invoice. */
public class InvoiceTotals {

    public record Line(String sku, long cents) {
    }

    public static Map<String, Long> bySku(List<Line> lines) {
        Map<String, Long> totals = new HashMap<>(lines.size());
        for (Line line : lines) {
            totals.merge(line.sku(), line.cents(), Long::sum);
        }
        return totals;
    }

    public static List<String> skus(List<Line> lines) {
        return lines.stream().map(line -> line.sku()).collect(Collectors.toList());
    }

    public static List<String> paidSkus(List<Line> lines) {
        return lines.stream().filter(line -> line.cents() > 0).map(line -> line.sku()).collect(Collectors.toList());
    }
}
