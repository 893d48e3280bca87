package com.acme.numeric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Units the parser understands, built once when the class is first used. */
public final class UnitRegistry {

    public static final class Unit {
        private final String symbol;
        private final String dimension;
        private final double factor;

        Unit(String symbol, String dimension, double factor) {
            this.symbol = symbol;
            this.dimension = dimension;
            this.factor = factor;
        }

        public String symbol() {
            return symbol;
        }

        public String dimension() {
            return dimension;
        }

        /** Multiplier to the base unit of the dimension. */
        public double factor() {
            return factor;
        }

        @Override
        public String toString() {
            return symbol + " (" + dimension + ", x" + factor + ")";
        }
    }

    private static final String DEFINITIONS =
            "m:length:1; km:length:1000; cm:length:0.01; mm:length:0.001;"
            + " g:mass:0.001; kg:mass:1; t:mass:1000;"
            + " s:time:1; min:time:60; h:time:3600; d:time:86400;"
            + " K:temperature:1";

    private static final Map<String, Unit> BY_SYMBOL;
    private static final Set<String> DIMENSIONS;
    private static final Map<String, String> ALIASES = new HashMap<>();
    private static final String[] ALIAS_PAIRS;
    private static final String KNOWN;

    static {
        String[] definitions = DEFINITIONS.trim().split("\\s*;\\s*");
        List<Unit> units = new ArrayList<>();
        for (String definition : definitions) {
            String[] f = definition.split(":");
            units.add(new Unit(f[0], f[1], Double.parseDouble(f[2])));
        }
        Map<String, Unit> bySymbol = new HashMap<>(units.size());
        for (Unit unit : units) {
            bySymbol.put(unit.symbol, unit);
        }
        BY_SYMBOL = Collections.unmodifiableMap(bySymbol);
        Set<String> dimensions = units.stream().map(Unit::dimension).collect(Collectors.toSet());
        DIMENSIONS = Collections.unmodifiableSet(dimensions);
        KNOWN = String.join(", ", new TreeSet<>(bySymbol.keySet()));

        ALIASES.put("meter", "m");
        ALIASES.put("metre", "m");
        ALIASES.put("kilogram", "kg");
        ALIASES.put("second", "s");
        ALIASES.put("hour", "h");
        ALIASES.put("kelvin", "K");
        for (String alias : ALIASES.keySet()) {
            String target = ALIASES.get(alias);
            if (!BY_SYMBOL.containsKey(target)) {
                throw new ExceptionInInitializerError("alias " + alias + " points to unknown unit " + target);
            }
        }
        String[] pairs = ALIASES.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        ALIAS_PAIRS = pairs;
    }

    private UnitRegistry() {
    }

    /** Converts a cell value to the base unit of its dimension; the parser calls it for every cell with a unit. */
    public static double toBase(double value, String unitText) {
        String key = unitText.replaceAll("[\\s.]+", "");
        Unit unit = BY_SYMBOL.get(key);
        if (unit == null) {
            unit = BY_SYMBOL.get(ALIASES.getOrDefault(key.toLowerCase(Locale.ROOT), key));
        }
        if (unit == null) {
            throw new IllegalArgumentException(String.format("unknown unit '%s'; known units: %s", unitText, KNOWN));
        }
        return value * unit.factor;
    }

    /** "mass [kg]" becomes "mass"; runs for every header cell of every document parsed. */
    public static String stripUnit(String headerCell) {
        return headerCell.replaceFirst("\\s*\\[[^\\]]*\\]\\s*$", "").trim();
    }

    public static Set<String> dimensions() {
        return DIMENSIONS;
    }

    public static List<Unit> units() {
        return new ArrayList<>(BY_SYMBOL.values());
    }

    /** alias, symbol, alias, symbol, ... for the command-line help. */
    public static String[] aliasPairs() {
        return ALIAS_PAIRS.clone();
    }
}
