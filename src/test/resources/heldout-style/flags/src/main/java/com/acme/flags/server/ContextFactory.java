package com.acme.flags.server;

import com.acme.flags.model.EvaluationContext;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** Builds the evaluation context of a request from its query string, its body and its headers. */
public final class ContextFactory {

    /** A request the server cannot evaluate; answered with 400. */
    public static final class BadRequestException extends RuntimeException {
        public BadRequestException(String message) {
            super(message);
        }
    }

    private static final Map<Class<?>, Function<Object, Object>> COERCERS = new ConcurrentHashMap<>();

    private final Set<String> privateByDefault;

    public ContextFactory(Set<String> privateByDefault) {
        this.privateByDefault = Collections.unmodifiableSet(new HashSet<>(privateByDefault));
    }

    /** Called once per evaluation request. */
    public EvaluationContext fromRequest(String query, Map<String, Object> bodyAttributes, String segmentHeader) {
        String[] pairs = query == null || query.isEmpty() ? new String[0] : query.split("[&;]");
        Map<String, String> params = new HashMap<>(pairs.length);
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            params.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        String key = params.get("key");
        String kind = params.getOrDefault("kind", "user");
        if (key == null || key.isEmpty()) {
            throw new BadRequestException(String.format("missing 'key' parameter for a %s context", kind));
        }
        Map<String, Object> attributes = new HashMap<>();
        for (Map.Entry<String, Object> e : bodyAttributes.entrySet()) {
            if (e.getValue() != null) {
                attributes.put(e.getKey(), coerce(e.getValue()));
            }
        }
        Map<String, Object> overrides = new HashMap<>();
        for (String name : params.keySet()) {
            if (name.startsWith("attr.")) {
                overrides.put(name.substring("attr.".length()), params.get(name));
            }
        }
        Set<String> segments = segmentHeader == null || segmentHeader.isEmpty()
                ? Collections.emptySet()
                : new HashSet<>(java.util.Arrays.asList(segmentHeader.split(",")));
        EvaluationContext base = new EvaluationContext(key, kind, attributes, privateByDefault, segments);
        return overrides.isEmpty() ? base : new EvaluationContext(base, overrides);
    }

    /** Normalises a body attribute: integers to Long, floats to Double, anything else to its string. */
    static Object coerce(Object raw) {
        return COERCERS.computeIfAbsent(raw.getClass(), ContextFactory::coercerFor).apply(raw);
    }

    private static Function<Object, Object> coercerFor(Class<?> type) {
        if (type == Integer.class || type == Short.class || type == Byte.class) {
            return v -> ((Number) v).longValue();
        }
        if (type == Float.class) {
            return v -> ((Number) v).doubleValue();
        }
        if (type == Long.class || type == Double.class || type == Boolean.class || type == String.class) {
            return Function.identity();
        }
        return String::valueOf;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
