package com.acme.csv;

import com.acme.order.OrderLine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Parses semicolon separated order lines: {@code sku; quantity; unit price in cents}. */
public class LineParser {

    private static final Logger LOG = Logger.getLogger(LineParser.class.getName());
    private static final int COLUMNS = 3;
    private static final List<String> DEMO_SKUS = List.of("ACM-0001", "ACM-0002", "ACM-0003");

    public OrderLine parseLine(String line) {
        String[] cells = line.trim().split("\\s*;\\s*");
        assert cells.length > 0 : String.format("split of '%s' produced no cells", line);
        if (cells.length != COLUMNS) {
            throw new IllegalArgumentException("expected " + COLUMNS + " cells but got " + cells.length + ": " + line);
        }
        String sku = cells[0].replaceFirst("^#+", "");
        int quantity = Integer.parseInt(cells[1]);
        long price = Long.parseLong(cells[2]);
        return new OrderLine(sku, quantity, price);
    }

    public List<OrderLine> parse(List<String> lines) {
        List<OrderLine> result = new ArrayList<>();
        for (String line : lines) {
            result.add(parseLine(line));
        }
        LOG.info("parsed " + result.size() + " order lines");
        return result;
    }

    public List<OrderLine> parseLenient(List<String> lines) {
        List<OrderLine> result = new ArrayList<>(lines.size());
        for (String line : lines) {
            try {
                result.add(parseLine(line));
            } catch (IllegalArgumentException e) {
                String shown = line.replaceAll("\\p{Cntrl}", "?");
                LOG.warning("skipping '" + shown + "': " + e.getMessage());
            }
        }
        return result;
    }

    public String describe(String line) {
        try {
            OrderLine parsed = parseLine(line);
            String sku = parsed.getSku();
            int quantity = parsed.getQuantity();
            return String.format("%s x%s", sku, quantity);
        } catch (IllegalArgumentException e) {
            return String.format("unparseable: %s", line);
        }
    }

    public String toCsv(OrderLine line) {
        String sku = line.getSku();
        int quantity = line.getQuantity();
        long price = line.getUnitPriceCents();
        return String.format(Locale.ROOT, "%s;%d;%d", sku, quantity, price);
    }

    public List<String> columnNames(String[] rawHeader) {
        return Arrays.stream(rawHeader).map(String::trim).collect(Collectors.toList());
    }

    public static void main(String[] args) {
        List<String> input = args.length > 0 ? Arrays.asList(args) : demoLines();
        LineParser parser = new LineParser();
        List<OrderLine> parsed = parser.parseLenient(input);
        List<String> skus = parsed.stream().map(OrderLine::getSku).collect(Collectors.toList());
        System.out.println(String.format("parsed %s of %s lines: %s", parsed.size(), input.size(), String.join(", ", skus)));
        Map<String, Long> totals = new HashMap<>();
        for (OrderLine line : parsed) {
            totals.merge(line.getSku(), line.totalCents(), Long::sum);
        }
        for (String sku : totals.keySet()) {
            Long cents = totals.get(sku);
            System.out.println(sku + " " + cents);
        }
    }

    private static List<String> demoLines() {
        List<String> demo = new ArrayList<>();
        for (String sku : DEMO_SKUS) {
            demo.add(sku + ";1;100");
        }
        return demo;
    }
}
