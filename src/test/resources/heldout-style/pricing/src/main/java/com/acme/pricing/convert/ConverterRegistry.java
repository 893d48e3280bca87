package com.acme.pricing.convert;

import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Wire representation of domain values for the CSV and text responses, looked up by the value's class.
 */
public final class ConverterRegistry {

    @FunctionalInterface
    public interface Converter<T> {
        String toWire(T value);
    }

    private static final Map<Class<?>, Converter<?>> CONVERTERS = new ConcurrentHashMap<>();

    private static final Map<Class<?>, List<String>> COLUMNS = new HashMap<>();

    private ConverterRegistry() {
    }

    /** Converter for a class; the renderers call this for every cell they write. */
    @SuppressWarnings("unchecked")
    public static <T> Converter<T> forType(Class<T> type) {
        return (Converter<T>) CONVERTERS.computeIfAbsent(type, ConverterRegistry::create);
    }

    @SuppressWarnings("unchecked")
    public static String toWire(Object value) {
        if (value == null) {
            return "";
        }
        Converter<Object> converter = (Converter<Object>) (Converter<?>) forType(value.getClass());
        return converter.toWire(value);
    }

    private static Converter<?> create(Class<?> type) {
        if (type == BigDecimal.class) {
            return (Converter<BigDecimal>) BigDecimal::toPlainString;
        }
        if (type == String.class || type == Boolean.class || Number.class.isAssignableFrom(type)) {
            return (Converter<Object>) String::valueOf;
        }
        if (type.isEnum()) {
            return (Converter<Enum<?>>) e -> e.name().toLowerCase(Locale.ROOT);
        }
        if (List.class.isAssignableFrom(type)) {
            return (Converter<List<?>>) list -> {
                List<String> parts = list.stream().map(ConverterRegistry::toWire).collect(Collectors.toList());
                return String.join("|", parts);
            };
        }
        throw new IllegalArgumentException("no wire converter for " + type.getName());
    }

    /**
     * One line per exported type with its columns, in declaration order. Printed when the service boots so
     * that finance can check the export layout against their loader.
     */
    public static String describeSchema(Class<?>... types) {
        StringBuilder sb = new StringBuilder();
        for (Class<?> type : types) {
            sb.append(type.getSimpleName()).append(' ').append(columnsOf(type)).append('\n');
        }
        return sb.toString();
    }

    static List<String> columnsOf(Class<?> type) {
        List<String> columns = COLUMNS.get(type);
        if (columns == null) {
            columns = introspect(type);
            COLUMNS.put(type, columns);
        }
        return columns;
    }

    private static List<String> introspect(Class<?> type) {
        Field[] fields = type.getDeclaredFields();
        List<String> names = new ArrayList<>();
        for (Field field : fields) {
            names.add(field.getName());
        }
        return names;
    }
}
