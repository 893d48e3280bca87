package com.acme.metrics.plugin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Built-in plugins, scanned and instantiated once when the class is first used (at startup).
 */
public final class PluginRegistry {

    public interface Plugin {
        String id();

        List<String> eventTypes();
    }

    public static final class CounterPlugin implements Plugin {
        public String id() { return "counter"; }

        public List<String> eventTypes() { return List.of("http.request", "job.finished"); }
    }

    public static final class GaugePlugin implements Plugin {
        public String id() { return "gauge"; }

        public List<String> eventTypes() { return List.of("queue.depth", "heap.used"); }
    }

    public static final class TimerPlugin implements Plugin {
        public String id() { return "timer"; }

        public List<String> eventTypes() { return List.of("http.latency"); }
    }

    private static final List<Class<? extends Plugin>> BUILTIN = List.of(CounterPlugin.class, GaugePlugin.class, TimerPlugin.class);
    private static final Map<String, Plugin> BY_ID;
    private static final String[] EXPORTED_NAMES;

    static {
        Map<String, Plugin> byId = new HashMap<>(BUILTIN.size());
        for (Class<? extends Plugin> type : BUILTIN) {
            Plugin plugin = instantiate(type);
            byId.put(plugin.id(), plugin);
        }
        BY_ID = byId;
        EXPORTED_NAMES = exportedNames();
    }

    private PluginRegistry() {
    }

    private static Plugin instantiate(Class<? extends Plugin> type) {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot instantiate plugin " + type.getName(), e);
        }
    }

    // called only from the static initialiser: [id1, class1, id2, class2, ...] for the startup banner
    private static String[] exportedNames() {
        return BY_ID.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue().getClass().getName())).toArray(String[]::new);
    }

    public static String[] registeredNames() {
        return EXPORTED_NAMES.clone();
    }

    /** Per admin request: one row per plugin. */
    public static List<String> describe() {
        List<String> rows = new ArrayList<>(BY_ID.size());
        for (String id : BY_ID.keySet()) {
            Plugin plugin = BY_ID.get(id);
            rows.add(String.format("%s: %s", id, String.join(",", plugin.eventTypes())));
        }
        return rows;
    }
}
