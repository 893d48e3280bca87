package org.lib.model;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Helpers for working with measured values.
 */
public final class Quantities {

    private Quantities() {
    }

    public static List<String> render(List<Double> values, Unit unit) {
        return values.stream().map(v -> unit.format(v)).collect(Collectors.toList());
    }

    public static String kind(Unit unit, String value) {
        switch (unit) {
            case GRAM:
            case KILOGRAM:
                return String.format("mass(%s %s)", value, unit.symbol());
            case SECOND:
                return String.format("time(%s %s)", value, unit.symbol());
            default:
                return value + " " + unit.symbol();
        }
    }

    public static Map<String, Unit> bySymbol(List<Unit> units) {
        Map<String, Unit> index = new HashMap<>(units.size());
        for (Unit unit : units) {
            index.put(unit.symbol(), unit);
        }
        return index;
    }

    public static Map<Unit, Double> totals(Map<Unit, List<Double>> readings) {
        Map<Unit, Double> sums = new EnumMap<>(Unit.class);
        for (Unit unit : readings.keySet()) {
            List<Double> values = readings.get(unit);
            double sum = 0;
            for (Double v : values) {
                sum += v;
            }
            sums.put(unit, sum);
        }
        return sums;
    }
}
