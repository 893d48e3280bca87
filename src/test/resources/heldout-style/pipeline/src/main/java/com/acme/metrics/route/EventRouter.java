package com.acme.metrics.route;

import com.acme.metrics.event.Event;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** Dispatches each event to the handlers registered for its route key. */
public final class EventRouter {

    /** A per-event handler. */
    public interface Handler {
        String name();

        void handle(Event event);
    }

    private static final Map<Class<?>, String> PAYLOAD_KINDS = new ConcurrentHashMap<>();

    private final Map<String, List<Handler>> routes = new HashMap<>();
    private final Handler fallback;
    private final boolean trace;
    private long routed;

    public EventRouter(Handler fallback, boolean trace) {
        this.fallback = Objects.requireNonNull(fallback, "fallback");
        this.trace = trace;
    }

    public void register(String routeKey, Handler handler) {
        routes.computeIfAbsent(routeKey, k -> new ArrayList<>()).add(handler);
    }

    static String payloadKind(Object payload) {
        if (payload == null) {
            return "none";
        }
        return PAYLOAD_KINDS.computeIfAbsent(payload.getClass(), c -> c.getSimpleName().toLowerCase(Locale.ROOT));
    }

    /** Hot path: called once per event. Returns the names of the handlers that saw it. */
    public List<String> route(Event event) {
        String kind = payloadKind(event.payload());
        List<Handler> targets = routes.get(event.describe() + "#" + kind);
        if (targets == null) {
            targets = routes.getOrDefault(event.type(), List.of());
        }
        if (targets.isEmpty()) {
            fallback.handle(event);
            return List.of(fallback.name());
        }
        for (Handler h : targets) {
            if (trace) {
                System.out.println(trace(event, h));
            }
            h.handle(event);
        }
        routed++;
        return targets.stream().map(Handler::name).collect(Collectors.toList());
    }

    private static String trace(Event event, Handler handler) {
        return String.format("%s -> %s", event.type(), handler);
    }

    /** Called once per batch: which route keys did this batch touch (feeds the per-route throughput gauge). */
    public Set<String> routeKeys(List<Event> batch) {
        return batch.stream().map(Event::describe).collect(Collectors.toSet());
    }

    public Handler single(String routeKey) {
        List<Handler> handlers = routes.get(routeKey);
        if (handlers == null || handlers.size() != 1) {
            throw new IllegalStateException(noSingleRoute(routeKey, handlers));
        }
        return handlers.get(0);
    }

    // only used to build the message of the exception thrown by single()
    private String noSingleRoute(String routeKey, List<Handler> found) {
        List<String> known = routes.keySet().stream().map(k -> k + "(" + routes.get(k).size() + ")").collect(Collectors.toList());
        String knownList = String.join(", ", known);
        int count = found == null ? 0 : found.size();
        return String.format("route %s needs exactly one handler but has %s; known routes: %s", routeKey, count, knownList);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("EventRouter{");
        for (String key : routes.keySet()) {
            sb.append(key).append("->").append(routes.get(key).size()).append(' ');
        }
        return sb.append("routed=").append(routed).append('}').toString();
    }
}
