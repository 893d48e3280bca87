package com.acme.docconv.plugin;

import com.acme.docconv.model.Schema.ColumnType;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The plugin registry of value converters, keyed by the Java class of the value. Plugins are factories named by
 * the {@code docconv.plugins} system property; the first factory that accepts a class provides its converter.
 * Every typed cell goes through {@link #normalize} or {@link #formatCell}.
 */
public final class ConverterRegistry {

    /** Thrown for a row or a cell that cannot be converted. */
    public static class ConversionException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public ConversionException(String message) {
            super(message);
        }

        public ConversionException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A converter plugin: the text of a cell to a value of its type and back. */
    public interface Converter<T> {
        T parse(String text);

        String format(T value);
    }

    /** A converter plugin factory; returns null for a class it does not handle. */
    public interface ConverterFactory {
        Converter<?> create(Class<?> type);
    }

    static final String DEFAULT_PLUGINS = Builtins.class.getName();

    private static final List<ConverterFactory> FACTORIES;
    private static final Set<Class<?>> KNOWN_TYPES;

    static {
        String configured = System.getProperty("docconv.plugins", DEFAULT_PLUGINS);
        String[] classNames = configured.split(",");
        List<ConverterFactory> factories = new ArrayList<>();
        for (String className : classNames) {
            factories.add(instantiate(className));
        }
        FACTORIES = factories;
        Set<Class<?>> known = new HashSet<>();
        known.addAll(Builtins.TYPES);
        KNOWN_TYPES = known;
    }

    private static final Map<Class<?>, Converter<?>> BY_TYPE = new ConcurrentHashMap<>();

    private static final Map<Class<?>, String> TYPE_LABELS = Collections.synchronizedMap(new HashMap<>());

    private ConverterRegistry() {
    }

    private static ConverterFactory instantiate(String className) {
        try {
            return (ConverterFactory) Class.forName(className.trim()).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot load converter plugin " + className, e);
        }
    }

    public static boolean isBuiltin(Class<?> type) {
        return KNOWN_TYPES.contains(type);
    }

    @SuppressWarnings("unchecked")
    public static <T> Converter<T> converterFor(Class<T> type) {
        return (Converter<T>) BY_TYPE.computeIfAbsent(type, ConverterRegistry::discover);
    }

    private static Converter<?> discover(Class<?> type) {
        for (ConverterFactory factory : FACTORIES) {
            Converter<?> converter = factory.create(type);
            if (converter != null) {
                return converter;
            }
        }
        throw new ConversionException("no converter plugin for " + label(type));
    }

    /** A readable name of a type for error messages: {@code int[]}, {@code java.time.LocalDate}. */
    static String label(Class<?> type) {
        String label = TYPE_LABELS.get(type);
        if (label == null) {
            label = type.isArray() ? type.getComponentType().getSimpleName() + "[]" : type.getName();
            TYPE_LABELS.put(type, label);
        }
        return label;
    }

    /** The text of one cell, in the canonical form of its column type. */
    public static String normalize(ColumnType type, String text) {
        if (text.isEmpty()) {
            return text;
        }
        Class<?> javaType = switch (type) {
            case INTEGER -> Long.class;
            case DECIMAL -> BigDecimal.class;
            case BOOLEAN -> Boolean.class;
            case DATE -> LocalDate.class;
            case TEXT -> String.class;
        };
        return formatCell(converterFor(javaType).parse(text));
    }

    public static String formatCell(Object value) {
        return switch (value) {
            case null -> "";
            case String s -> s;
            case Long l -> String.format(Locale.ROOT, "%d", l);
            default -> formatWithPlugin(value);
        };
    }

    @SuppressWarnings("unchecked")
    private static <T> String formatWithPlugin(T value) {
        Class<T> type = (Class<T>) value.getClass();
        try {
            return converterFor(type).format(value);
        } catch (RuntimeException e) {
            throw new ConversionException("cannot format a " + label(type) + ": " + e.getMessage(), e);
        }
    }

    /** The converters shipped with the tool. */
    public static final class Builtins implements ConverterFactory {

        static final Set<Class<?>> TYPES = Set.of(String.class, Long.class, BigDecimal.class, Boolean.class,
                LocalDate.class);

        @Override
        public Converter<?> create(Class<?> type) {
            if (type == String.class) {
                return simple(Function.identity(), Function.identity());
            } else if (type == Long.class) {
                return simple(Long::valueOf, String::valueOf);
            } else if (type == BigDecimal.class) {
                return simple(BigDecimal::new, BigDecimal::toPlainString);
            } else if (type == Boolean.class) {
                return simple(Builtins::parseBoolean, String::valueOf);
            } else if (type == LocalDate.class) {
                return new DateConverter();
            }
            return null;
        }

        private static Boolean parseBoolean(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "true", "yes", "y", "1" -> Boolean.TRUE;
                case "false", "no", "n", "0" -> Boolean.FALSE;
                default -> throw new ConversionException("not a boolean: " + text);
            };
        }

        private static <T> Converter<T> simple(Function<String, T> parse, Function<T, String> format) {
            return new Converter<>() {
                @Override
                public T parse(String text) {
                    return parse.apply(text.trim());
                }

                @Override
                public String format(T value) {
                    return format.apply(value);
                }
            };
        }
    }

    /** ISO dates, and the day-first dates the finance exports use (dd.MM.yyyy). */
    static final class DateConverter implements Converter<LocalDate> {
        @Override
        public LocalDate parse(String text) {
            if (text.length() == 10 && text.charAt(2) == '.') {
                int day = Integer.parseInt(text.substring(0, 2));
                int month = Integer.parseInt(text.substring(3, 5));
                int year = Integer.parseInt(text.substring(6, 10));
                return LocalDate.of(year, month, day);
            }
            return LocalDate.parse(text);
        }

        @Override
        public String format(LocalDate value) {
            return value.toString();
        }
    }
}
