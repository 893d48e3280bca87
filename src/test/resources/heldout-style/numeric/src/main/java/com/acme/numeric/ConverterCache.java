package com.acme.numeric;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Text-to-value converters for typed columns; the parser looks one up for every cell. */
public final class ConverterCache {

    @FunctionalInterface
    public interface Converter<T> {
        T convert(String text);
    }

    private static final Map<Class<?>, Converter<?>> CONVERTERS = new ConcurrentHashMap<>();

    private static final Map<Class<?>, String> DISPLAY_NAMES = new ConcurrentHashMap<>();

    private static final Map<String, Converter<Double>> BY_FORMAT = new HashMap<>();

    static {
        BY_FORMAT.put("plain", Double::valueOf);
        BY_FORMAT.put("percent", text -> Double.valueOf(text.replaceFirst("\\s*%\\s*$", "")) / 100.0);
    }

    private ConverterCache() {
    }

    @SuppressWarnings("unchecked")
    public static <T> Converter<T> converterFor(Class<T> type) {
        return (Converter<T>) CONVERTERS.computeIfAbsent(type, ConverterCache::create);
    }

    public static Converter<Double> forFormat(String format) {
        Converter<Double> converter = BY_FORMAT.get(format);
        if (converter == null) {
            throw new IllegalArgumentException("unknown number format " + format);
        }
        return converter;
    }

    private static Converter<?> create(Class<?> type) {
        if (type == Double.class) {
            return text -> Double.valueOf(text.trim());
        }
        if (type == Integer.class) {
            return text -> Integer.valueOf(text.trim());
        }
        if (type == BigDecimal.class) {
            return text -> new BigDecimal(text.replaceAll("[\\s_]", ""));
        }
        if (type == String.class) {
            return text -> text;
        }
        throw new IllegalArgumentException("no converter for " + displayName(type));
    }

    /** Readable name of a type for error messages: BigDecimal becomes "big decimal". */
    private static String displayName(Class<?> type) {
        return DISPLAY_NAMES.computeIfAbsent(type,
                t -> t.getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT));
    }
}
