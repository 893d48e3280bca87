package com.acme.gateway.route;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** One entry of the route table, as read from gateway.yaml. */
public record Route(String id, String pathPrefix, String upstream, Set<String> methods,
                    Map<String, String> setHeaders, List<String> removeHeaders, int ratePerSecond) {

    public Route {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(upstream, "upstream");
        if (pathPrefix == null || !pathPrefix.startsWith("/")) {
            throw new IllegalArgumentException(String.format("route %s: prefix %s must start with '/'", id, pathPrefix));
        }
        methods = Set.copyOf(methods);
        setHeaders = Map.copyOf(setHeaders);
        removeHeaders = List.copyOf(removeHeaders);
    }

    public boolean allows(String method) {
        return methods.isEmpty() || methods.contains(method);
    }

    /** Header names this route strips before forwarding, lower-cased for lookup. */
    public Set<String> droppedHeaderNames() {
        return removeHeaders.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    }

    @Override
    public String toString() {
        return String.format("Route[%s %s -> %s, %s rps]", id, pathPrefix, upstream, ratePerSecond);
    }
}
