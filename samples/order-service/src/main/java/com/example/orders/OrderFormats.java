package com.example.orders;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Per-class formatting metadata, looked up on every order export. */
public final class OrderFormats {

    private static final Map<Class<?>, List<String>> COLUMNS = new ConcurrentHashMap<>();
    private static final Map<Class<?>, String> LABELS = new ConcurrentHashMap<>();

    private OrderFormats() {
    }

    public static List<String> columns(Object record) {
        return COLUMNS.computeIfAbsent(record.getClass(), OrderFormats::instanceFieldNames);
    }

    public static String label(Class<?> type) {
        return LABELS.computeIfAbsent(type, Class::getSimpleName);
    }

    public static void rename(Class<?> type, String label) {
        LABELS.put(type, label);
    }

    private static List<String> instanceFieldNames(Class<?> type) {
        List<String> names = new ArrayList<>();
        for (Field field : type.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                names.add(field.getName());
            }
        }
        return names;
    }
}
