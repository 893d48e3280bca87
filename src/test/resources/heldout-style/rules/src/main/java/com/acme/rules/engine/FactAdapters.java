package com.acme.rules.engine;

import com.acme.rules.model.Fact;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Turns message payloads into facts. Payloads are maps or plain beans; a bean's getters become facts, and a getter
 * returning another bean becomes dotted facts ({@code customer.address.country}). The engine asks for the adapter
 * of every payload it receives.
 */
public final class FactAdapters {

    /** Turns one payload into facts. */
    public interface FactAdapter {
        Map<String, Fact> toFacts(Object payload, String source, long observedAt);
    }

    private static final Map<Class<?>, FactAdapter> ADAPTERS = new ConcurrentHashMap<>();
    private static final Map<Class<?>, List<Method>> GETTERS = Collections.synchronizedMap(new HashMap<>());
    private static final Map<Class<?>, String> LABELS = new ConcurrentHashMap<>();

    private FactAdapters() {
    }

    /** The adapter for a payload class; called with the payload's class for every message. */
    public static FactAdapter adapterFor(Class<?> type) {
        return ADAPTERS.computeIfAbsent(type, FactAdapters::build);
    }

    private static FactAdapter build(Class<?> type) {
        if (Map.class.isAssignableFrom(type)) {
            return FactAdapters::fromMap;
        }
        return (payload, source, observedAt) -> {
            Map<String, Fact> facts = new HashMap<>();
            collect(facts, "", payload, source, observedAt);
            return facts;
        };
    }

    private static Map<String, Fact> fromMap(Object payload, String source, long observedAt) {
        Map<?, ?> values = (Map<?, ?>) payload;
        Map<String, Fact> facts = new HashMap<>();
        for (Map.Entry<?, ?> entry : values.entrySet()) {
            String name = String.valueOf(entry.getKey());
            facts.put(name, new Fact(name, String.valueOf(entry.getValue()), source, observedAt));
        }
        return facts;
    }

    private static void collect(Map<String, Fact> into, String prefix, Object bean, String source, long observedAt) {
        for (Method getter : gettersOf(bean.getClass())) {
            String property = prefix + propertyName(getter);
            Object value = read(getter, bean);
            if (value != null && !isScalar(value)) {
                collect(into, property + ".", value, source, observedAt);
            } else {
                into.put(property, new Fact(property, value == null ? null : value.toString(), source, observedAt));
            }
        }
    }

    /** Getters of a bean class, in name order. Nested beans of any class go through here too. */
    static List<Method> gettersOf(Class<?> type) {
        List<Method> getters = GETTERS.get(type);
        if (getters == null) {
            getters = findGetters(type);
            GETTERS.put(type, getters);
        }
        return getters;
    }

    private static List<Method> findGetters(Class<?> type) {
        Method[] methods = type.getMethods();
        return Arrays.stream(methods)
                .filter(m -> m.getParameterCount() == 0 && m.getDeclaringClass() != Object.class)
                .filter(m -> m.getName().startsWith("get") && m.getName().length() > 3
                        || m.getName().startsWith("is") && m.getName().length() > 2
                                && m.getReturnType() == boolean.class)
                .sorted(Comparator.comparing(Method::getName))
                .collect(Collectors.toList());
    }

    static String propertyName(Method getter) {
        String method = getter.getName();
        int start = method.startsWith("is") ? 2 : 3;
        StringBuilder name = new StringBuilder(method.length());
        name.append(Character.toLowerCase(method.charAt(start)));
        name.append(method.substring(start + 1, method.length()));
        return name.toString();
    }

    private static boolean isScalar(Object value) {
        return value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof Character || value instanceof Enum || value.getClass().getName().startsWith("java.");
    }

    private static Object read(Method getter, Object bean) {
        try {
            return getter.invoke(bean);
        } catch (ReflectiveOperationException e) {
            String property = getter.getName();
            String owner = describe(bean.getClass());
            throw new IllegalStateException(String.format("cannot read %s of %s", property, owner), e);
        }
    }

    /** A readable name for a payload class, for error messages. */
    static String describe(Class<?> type) {
        return LABELS.computeIfAbsent(type, t -> {
            Package pkg = t.getPackage();
            return pkg == null ? t.getSimpleName() : t.getSimpleName() + " (" + pkg.getName() + ")";
        });
    }
}
