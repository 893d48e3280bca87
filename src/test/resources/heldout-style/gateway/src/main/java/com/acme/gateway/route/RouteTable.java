package com.acme.gateway.route;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Immutable snapshot of the routes. A new table is built at startup and on every config reload and swapped in
 * atomically; {@link #match} runs for every request.
 */
public final class RouteTable {

    /** Prefixes owned by the gateway itself; a route may not shadow them. */
    static final List<String> RESERVED_PREFIXES;

    static {
        String[] raw = {"/__admin", "/__ping", "/__health"};
        List<String> reserved = new ArrayList<>();
        for (String prefix : raw) {
            reserved.add(prefix.toLowerCase(Locale.ROOT));
        }
        RESERVED_PREFIXES = Collections.unmodifiableList(reserved);
    }

    private final List<Route> routes;
    private final Map<String, Route> byId;

    public RouteTable(List<Route> routes) {
        List<Route> sorted = new ArrayList<>(routes);
        sorted.sort(Comparator.comparingInt((Route r) -> r.pathPrefix().length()).reversed());
        for (Route route : sorted) {
            for (String reserved : RESERVED_PREFIXES) {
                if (route.pathPrefix().startsWith(reserved)) {
                    throw new IllegalArgumentException(conflictMessage(route.id(), route.pathPrefix(), reserved));
                }
            }
        }
        this.byId = sorted.stream().collect(Collectors.toMap(Route::id, r -> r, (a, b) -> {
            throw new IllegalArgumentException(conflictMessage(b.id(), b.pathPrefix(), a.pathPrefix()));
        }));
        this.routes = List.copyOf(sorted);
    }

    private static String conflictMessage(String id, String prefix, String other) {
        return String.format("route %s (%s) conflicts with %s", id, prefix, other);
    }

    /** Longest prefix wins; {@code null} when nothing is routed there. */
    public Route match(String rawPath) {
        String path = rawPath.indexOf("//") < 0 ? rawPath : rawPath.replaceAll("/{2,}", "/");
        for (Route route : routes) {
            if (path.startsWith(route.pathPrefix())) {
                return route;
            }
        }
        return null;
    }

    public Route byId(String id) {
        return byId.get(id);
    }

    public List<Route> routes() {
        return routes;
    }

    public int size() {
        return routes.size();
    }

    /** Listed in the JSON body of a 404 so that client developers see what is routed. */
    public List<String> prefixes() {
        return routes.stream().map(Route::pathPrefix).collect(Collectors.toList());
    }

    public String[] prefixArray() {
        return routes.stream().map(Route::pathPrefix).toArray(String[]::new);
    }
}
