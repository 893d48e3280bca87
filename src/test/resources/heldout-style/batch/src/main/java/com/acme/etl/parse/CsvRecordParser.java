package com.acme.etl.parse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Parses the partner CSV exports. One instance per file (built from its header line),
 * {@link #parse} is called for every following line.
 */
public final class CsvRecordParser {

    private static final List<String> REQUIRED = List.of("id", "kind", "region", "qty", "amount");
    private static final Set<String> NULL_TOKENS = Set.of("", "NULL", "null", "\\N", "n/a");

    public static final class MalformedRowException extends RuntimeException {
        public MalformedRowException(String message) {
            super(message);
        }
    }

    private final int width;
    private final Map<String, Integer> positions;

    public CsvRecordParser(String headerLine) {
        if (headerLine == null) {
            throw new MalformedRowException("empty input: no header line");
        }
        String[] header = headerLine.split("\\s*,\\s*");
        int column = 0;
        Map<String, Integer> byName = new HashMap<>(header.length);
        for (String name : header) {
            byName.put(name.toLowerCase(Locale.ROOT), column++);
        }
        Set<String> missing = new HashSet<>(REQUIRED);
        missing.removeAll(byName.keySet());
        if (!missing.isEmpty()) {
            throw new MalformedRowException(missingColumns(missing));
        }
        this.width = header.length;
        this.positions = byName;
    }

    public Set<String> columns() {
        return Collections.unmodifiableSet(positions.keySet());
    }

    public Record parse(long rowNumber, String line) {
        String[] cells = line.split("\\s*,\\s*");
        if (cells.length != width) {
            throw new MalformedRowException("row " + rowNumber + ": expected " + width + " cells but found " + cells.length);
        }
        List<String> values = new ArrayList<>();
        for (String cell : cells) {
            values.add(NULL_TOKENS.contains(cell) ? null : cell);
        }
        String id = values.get(positions.get("id"));
        String kind = values.get(positions.get("kind"));
        if (id == null || kind == null) {
            return new Record.Malformed("row-" + rowNumber, line, "missing id or kind");
        }
        return switch (kind) {
            case "SALE" -> new Record.Sale(id, valueOr(values, "region", "UNKNOWN"), parseQuantity(valueOr(values, "qty", "0")), parseCents(valueOr(values, "amount", "0")));
            case "REFUND" -> new Record.Refund(id, valueOr(values, "ref", id), parseCents(valueOr(values, "amount", "0")));
            default -> new Record.Malformed(id, line, "unknown kind " + kind);
        };
    }

    private String valueOr(List<String> values, String column, String fallback) {
        Integer at = positions.get(column);
        String value = at == null ? null : values.get(at);
        return value == null ? fallback : value;
    }

    static int parseQuantity(String cell) {
        int end = cell.length();
        if (cell.endsWith("pcs")) {
            end -= 3;
        }
        return Integer.parseInt(cell.substring(0, end));
    }

    static long parseCents(String cell) {
        if (cell.indexOf(',') >= 0) {
            return legacyCents(cell);
        }
        try {
            return Math.round(Double.parseDouble(cell) * 100);
        } catch (NumberFormatException withCurrency) {
            // The v2 exporter writes "12.50 EUR"; most partners still run it, so this is the usual path.
            return Math.round(Double.parseDouble(cell.replaceAll("[^0-9.]", "")) * 100);
        }
    }

    /** "1.234,56" from the oldest exporter. */
    private static long legacyCents(String cell) {
        String digits = cell.replace(".", "").strip();
        int comma = digits.lastIndexOf(',');
        long units = Long.parseLong(digits.substring(0, comma));
        String fraction = (digits.substring(comma + 1) + "00").substring(0, 2);
        return units * 100 + Integer.parseInt(fraction);
    }

    private static String missingColumns(Set<String> missing) {
        List<String> names = missing.stream().map(String::toUpperCase).collect(Collectors.toList());
        Collections.sort(names);
        return "header is missing " + String.join(", ", names);
    }
}
