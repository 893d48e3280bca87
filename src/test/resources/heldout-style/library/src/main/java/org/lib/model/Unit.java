package org.lib.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Units of measure understood by the library.
 */
public enum Unit {
    GRAM("g", "gram"),
    KILOGRAM("kg", String.format("%s %s", "kilo", "gram")),
    METRE("m", "metre"),
    SECOND("s", "second");

    private final String symbol;
    private final String label;
    private final Set<String> names;

    Unit(String symbol, String label) {
        this.symbol = symbol;
        this.label = label;
        Set<String> all = new HashSet<>();
        all.addAll(Arrays.asList(label.split("\\s+")));
        all.add(symbol);
        this.names = Collections.unmodifiableSet(all);
    }

    public String symbol() {
        return symbol;
    }

    public Set<String> names() {
        return names;
    }

    /**
     * Formats one amount in this unit, e.g. {@code "2.5 kg"}.
     */
    public String format(double amount) {
        return String.format("%s %s", amount, symbol);
    }

    /**
     * Describes a series of readings taken in this unit.
     */
    public String describe(long count) {
        switch (this) {
            case GRAM:
            case KILOGRAM:
                return String.format("%s mass readings in %s", count, symbol);
            case METRE:
                return label.replaceAll("[^A-Za-z0-9]+", "_") + "_" + count;
            default:
                return symbol + count;
        }
    }

    /**
     * Appends this unit's symbol to every value.
     */
    public List<String> tag(List<String> values) {
        List<String> out = new ArrayList<>();
        for (String value : values) {
            out.add(value + symbol);
        }
        return out;
    }

    /**
     * Looks a unit up by symbol or by one of the words of its label.
     */
    public static Unit parse(String text) {
        for (Unit unit : values()) {
            if (unit.names.contains(text)) {
                return unit;
            }
        }
        throw new IllegalArgumentException(String.format("unknown unit '%s'", text));
    }
}
