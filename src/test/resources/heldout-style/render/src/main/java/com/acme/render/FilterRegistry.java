package com.acme.render;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The filters a template can use. The built-ins are registered once, when this class is initialised: the
 * {@link Named} static methods of {@link BuiltinFilters}, found by reflection, and a few lambdas. Applications add
 * their own filters and plugin objects at startup; after that the registry is only read.
 */
public final class FilterRegistry {

    /** A filter gets the current value and the tag's arguments and returns the new value; it runs once per value. */
    @FunctionalInterface
    public interface Filter {
        Object apply(Object value, List<String> args, Locale locale);
    }

    /** Marks a filter method; the name defaults to the method's name in snake case. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    public @interface Named {
        String value() default "";

        /** The filter takes one whole-number argument, checked when the template is compiled. */
        boolean width() default false;
    }

    private static final Map<String, Filter> BUILTINS;
    private static final Set<String> BUILTIN_WIDTH;
    private static final Set<String> LOWER_CASE_NAMES;

    static {
        Map<String, Filter> map = new LinkedHashMap<>();
        Set<String> width = new HashSet<>();
        // getDeclaredMethods() has no defined order: sort, so that registration and --list-filters are stable
        Method[] declared = BuiltinFilters.class.getDeclaredMethods();
        List<Method> methods = new ArrayList<>();
        for (Method method : declared) {
            methods.add(method);
        }
        methods.sort(Comparator.comparing(Method::getName));
        for (Method method : methods) {
            Named named = method.getAnnotation(Named.class);
            if (named == null || !Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            String snake = method.getName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
            String name = named.value().isEmpty() ? snake : named.value();
            map.put(name, reflective(name, method));
            if (named.width()) {
                width.add(name);
            }
        }

        map.put("upper", (value, args, locale) -> BuiltinFilters.stringify(value).toUpperCase(locale));
        map.put("lower", (value, args, locale) -> BuiltinFilters.stringify(value).toLowerCase(locale));
        map.put("default", (value, args, locale) -> value == null || "".equals(value) ? args.get(0) : value);
        map.put("join", (value, args, locale) -> {
            Collection<?> items = (Collection<?>) value;
            List<String> parts = items.stream().map(BuiltinFilters::stringify).collect(Collectors.toList());
            String separator = args.isEmpty() ? ", " : args.get(0);
            return String.join(separator, parts);
        });
        map.put("plural", new Filter() {
            @Override
            public Object apply(Object value, List<String> args, Locale locale) {
                long n = ((Number) value).longValue();
                String noun = n == 1 ? args.get(0) : args.get(1);
                return String.format(Locale.ROOT, "%d %s", n, noun);
            }
        });

        BUILTINS = Collections.unmodifiableMap(map);
        BUILTIN_WIDTH = Set.copyOf(width);
        LOWER_CASE_NAMES = map.keySet().stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    }

    private static Filter reflective(String name, Method method) {
        return (value, args, locale) -> {
            try {
                return method.invoke(null, value, args, locale);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                String reason = String.valueOf(cause);
                throw new IllegalStateException(String.format("filter %s failed: %s", name, reason), cause);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("filter " + name + " is not accessible", e);
            }
        };
    }

    private final Map<String, Filter> filters = new HashMap<>(BUILTINS);
    private final Set<String> widthFilters = new HashSet<>(BUILTIN_WIDTH);

    /** Startup only: adds or replaces a filter. */
    public FilterRegistry register(String name, Filter filter) {
        filters.put(name, filter);
        return this;
    }

    /** Startup only: registers every {@link Named} method of a plugin object as a filter bound to it. */
    public FilterRegistry registerPlugin(Object plugin) {
        for (Method method : plugin.getClass().getMethods()) {
            Named named = method.getAnnotation(Named.class);
            if (named != null) {
                String name = named.value().isEmpty() ? method.getName() : named.value();
                filters.put(name, (value, args, locale) -> {
                    try {
                        return method.invoke(plugin, value, args, locale);
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException("plugin filter " + name + " failed", e);
                    }
                });
            }
        }
        return this;
    }

    boolean contains(String name) {
        return filters.containsKey(name);
    }

    boolean takesWidth(String name) {
        return widthFilters.contains(name);
    }

    /** Sorted names, for error messages and --list-filters. */
    Set<String> names() {
        return new TreeSet<>(filters.keySet());
    }

    /** Case-insensitive check used by the lenient mode of the compiler. */
    static boolean isBuiltinIgnoringCase(String name) {
        return LOWER_CASE_NAMES.contains(name.toLowerCase(Locale.ROOT));
    }

    /** The filters of one tag, in order. Looked up for every variable on every render. */
    List<Filter> chain(List<Node.FilterCall> calls) {
        List<Filter> chain = new ArrayList<>();
        for (Node.FilterCall call : calls) {
            chain.add(lookup(call.name()));
        }
        return chain;
    }

    private Filter lookup(String name) {
        Filter filter = filters.get(name);
        if (filter == null) {
            throw new IllegalStateException("filter " + name + " was removed after the template was compiled");
        }
        return filter;
    }
}
