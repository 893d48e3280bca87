package dev.rewriteperf.benchmarks.caches.useclassvalueforclasskeyedcache;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

public class Before {
    private static final Map<Class<?>, Shape> SHAPES = new ConcurrentHashMap<>();

    public static Shape shape(Class<?> type) {
        return SHAPES.computeIfAbsent(type, Shape::new);
    }

    public static final class Shape {
        final String name;
        final int fieldCount;

        Shape(Class<?> type) {
            this.name = type.getName();
            this.fieldCount = type.getDeclaredFields().length;
        }
    }
}
