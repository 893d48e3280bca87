package com.acme.metrics.aggregate;

import java.util.HashMap;
import java.util.Map;

/** Units a metric can be reported in, and how to get to the exported base unit. */
public enum Unit {
    COUNT("", 1.0, "total", "dimensionless count"),
    MILLIS("ms", 1e-3, "seconds", String.format("%s, scaled from milliseconds", Names.DURATION)),
    SECONDS("s", 1.0, "seconds", Names.DURATION),
    BYTES("B", 1.0, "bytes", Names.SIZE),
    KILOBYTES("kB", 1024.0, "bytes", Names.SIZE + ", scaled from kilobytes");

    private static final class Names {
        static final String DURATION = "duration in seconds";
        static final String SIZE = "size in bytes";
    }

    private static final Map<String, Unit> BY_SYMBOL;

    static {
        Map<String, Unit> bySymbol = new HashMap<>();
        for (Unit u : values()) {
            bySymbol.put(u.symbol, u);
        }
        BY_SYMBOL = bySymbol;
    }

    private final String symbol;
    private final double factor;
    private final String baseSuffix;
    private final String help;

    Unit(String symbol, double factor, String baseSuffix, String help) {
        this.symbol = symbol;
        this.factor = factor;
        this.baseSuffix = baseSuffix;
        this.help = help;
    }

    /** Per event on the legacy-agent path ("12 ms", "3.5kB"). */
    public static Unit parse(String symbol) {
        Unit u = BY_SYMBOL.get(symbol.replaceAll("\\s+", ""));
        return u == null ? COUNT : u;
    }

    public double toBase(double value) {
        return value * factor;
    }

    /** Per sample, from the aggregator. */
    public String seriesName(String metric) {
        return String.format("%s_%s", metric, baseSuffix);
    }

    public String help() {
        return help;
    }
}
