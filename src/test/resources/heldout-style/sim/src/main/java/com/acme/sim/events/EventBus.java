package com.acme.sim.events;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Synchronous event bus. Listeners are registered once while the game is wired up and then fired for every event the
 * world publishes, which is several times per tick in a busy level.
 */
public final class EventBus {

    /** Topic of each event type; every publish looks its event's class up here. */
    private static final Map<Class<?>, String> TOPICS = new ConcurrentHashMap<>();

    /** Human-readable description of an event type, for diagnostics. */
    private static final Map<Class<?>, String> DESCRIPTIONS = new HashMap<>();

    private final Map<String, List<Consumer<GameEvent>>> listeners = new HashMap<>();
    private long published;
    private long failures;

    public void on(String topic, Consumer<GameEvent> listener) {
        if (!topic.matches("[a-z][a-z-]*")) {
            throw new IllegalArgumentException("topic names are lower-case words joined by '-': " + topic);
        }
        listeners.computeIfAbsent(topic, t -> new ArrayList<>()).add(listener);
    }

    public void publish(GameEvent event) {
        String topic = topicOf(event.getClass());
        published++;
        List<Consumer<GameEvent>> targets = listeners.get(topic);
        if (targets == null) {
            return;
        }
        for (Consumer<GameEvent> listener : targets) {
            try {
                listener.accept(event);
            } catch (RuntimeException ex) {
                failures++;
                String type = describe(event.getClass());
                String why = ex.toString();
                System.err.println(String.format("listener on %s (%s) failed: %s", topic, type, why));
            }
        }
    }

    /** {@code QuickSave} -> {@code quick-save}. */
    public static String topicOf(Class<?> type) {
        return TOPICS.computeIfAbsent(type, t -> kebab(t.getSimpleName()));
    }

    static String describe(Class<?> type) {
        String description = DESCRIPTIONS.get(type);
        if (description == null) {
            int fields = type.isRecord() ? type.getRecordComponents().length : 0;
            description = type.getName() + " with " + fields + " fields";
            DESCRIPTIONS.put(type, description);
        }
        return description;
    }

    private static String kebab(String name) {
        StringBuilder sb = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                sb.append('-');
            }
            sb.append(Character.toLowerCase(c));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("EventBus{");
        for (Class<?> type : GameEvent.class.getPermittedSubclasses()) {
            sb.append(describe(type)).append(", ");
        }
        return sb.append("published=").append(published).append(", failures=").append(failures).append('}').toString();
    }
}
