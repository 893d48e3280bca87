package com.acme.templates.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The expression language inside tags: string and number literals, list literals ({@code ['a', 'b']}) and
 * dotted paths ({@code order.customer.name}) resolved against the context, maps, lists and JavaBean getters.
 */
public abstract class Expression {

    private static final Map<Class<?>, Map<String, Method>> GETTERS = new ConcurrentHashMap<>();

    public abstract Object evaluate(RenderContext ctx);

    /** The variable this expression reads first, or null for a literal. */
    public String rootName() {
        return null;
    }

    public static Expression parse(String text) {
        String t = text.trim();
        if (t.length() >= 2 && t.startsWith("'") && t.endsWith("'")) {
            return new Literal(t.substring(1, t.length() - 1));
        }
        if (isInteger(t)) {
            return new Literal(Long.valueOf(t));
        }
        if (t.equals("true") || t.equals("false")) {
            return new Literal(Boolean.valueOf(t));
        }
        if (t.startsWith("[") && t.endsWith("]")) {
            String inner = t.substring(1, t.length() - 1).trim();
            if (inner.isEmpty()) {
                return new ListLiteral(Collections.<Expression>emptyList());
            }
            return new ListLiteral(parseAll(inner.split(",")));
        }
        return new Path(t);
    }

    private static boolean isInteger(String t) {
        int start = t.startsWith("-") ? 1 : 0;
        if (t.length() == start) {
            return false;
        }
        for (int i = start; i < t.length(); i++) {
            if (!Character.isDigit(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static List<Expression> parseAll(String[] texts) {
        List<Expression> parsed = new ArrayList<>();
        for (String text : texts) {
            parsed.add(parse(text));
        }
        return parsed;
    }

    /** Reads one property of a value: a map key, a list index or a getter. Runs for every dot of every path. */
    public static Object property(Object target, String name) {
        if (target == null) {
            return null;
        }
        if (target instanceof Map) {
            return ((Map<?, ?>) target).get(name);
        }
        if (target instanceof List && name.matches("\\d+")) {
            List<?> list = (List<?>) target;
            int index = Integer.parseInt(name);
            return index < list.size() ? list.get(index) : null;
        }
        Method getter = gettersOf(target.getClass()).get(name);
        if (getter == null) {
            String type = target.getClass().getName();
            throw new IllegalArgumentException(String.format("no property '%s' on %s", name, type));
        }
        try {
            return getter.invoke(target);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + name, e);
        }
    }

    static Map<String, Method> gettersOf(Class<?> type) {
        return GETTERS.computeIfAbsent(type, Expression::introspect);
    }

    private static Map<String, Method> introspect(Class<?> type) {
        Method[] getters = Arrays.stream(type.getMethods())
                .filter(m -> m.getParameterCount() == 0 && m.getDeclaringClass() != Object.class)
                .filter(m -> m.getName().startsWith("get") && m.getName().length() > 3)
                .toArray(Method[]::new);
        Map<String, Method> byProperty = new HashMap<>();
        for (Method m : getters) {
            byProperty.put(Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4), m);
        }
        return byProperty;
    }

    public static Iterable<?> iterable(Object value) {
        if (value == null) {
            return Collections.emptyList();
        }
        if (value instanceof Iterable) {
            return (Iterable<?>) value;
        }
        if (value instanceof Object[]) {
            return Arrays.asList((Object[]) value);
        }
        if (value instanceof Map) {
            return ((Map<?, ?>) value).entrySet();
        }
        return Collections.singletonList(value);
    }

    public static boolean truthy(Object value) {
        if (value == null) {
            return false;
        }
        if (value instanceof Boolean) {
            return (Boolean) value;
        }
        if (value instanceof Collection) {
            return !((Collection<?>) value).isEmpty();
        }
        if (value instanceof CharSequence) {
            return ((CharSequence) value).length() > 0;
        }
        return true;
    }

    // ------------------------------------------------------------------ kinds

    static final class Literal extends Expression {
        private final Object value;

        Literal(Object value) {
            this.value = value;
        }

        @Override
        public Object evaluate(RenderContext ctx) {
            return value;
        }

        @Override
        public String toString() {
            return value instanceof String ? "'" + value + "'" : String.valueOf(value);
        }
    }

    static final class ListLiteral extends Expression {
        private final List<Expression> items;

        ListLiteral(List<Expression> items) {
            this.items = items;
        }

        @Override
        public Object evaluate(RenderContext ctx) {
            List<Object> values = items.stream().map(item -> item.evaluate(ctx)).collect(Collectors.toList());
            return values;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("[");
            for (Expression item : items) {
                sb.append(sb.length() > 1 ? ", " : "").append(item);
            }
            return sb.append(']').toString();
        }
    }

    static final class Path extends Expression {
        private final String[] segments;

        Path(String text) {
            List<String> parts = new ArrayList<>(4);
            int start = 0;
            for (int dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', start)) {
                parts.add(text.substring(start, dot).trim());
                start = dot + 1;
            }
            parts.add(text.substring(start).trim());
            this.segments = parts.toArray(new String[0]);
        }

        @Override
        public String rootName() {
            return segments[0];
        }

        @Override
        public Object evaluate(RenderContext ctx) {
            Object current = ctx.lookup(segments[0]);
            for (int i = 1; i < segments.length && current != null; i++) {
                current = property(current, segments[i]);
            }
            return current;
        }

        @Override
        public String toString() {
            return String.join(".", segments);
        }
    }
}
