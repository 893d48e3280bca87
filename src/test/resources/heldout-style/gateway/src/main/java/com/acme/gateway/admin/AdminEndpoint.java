package com.acme.gateway.admin;

import com.acme.gateway.health.HealthChecker;
import com.acme.gateway.http.MiniHttp;
import com.acme.gateway.http.MiniHttp.Request;
import com.acme.gateway.http.MiniHttp.Response;
import com.acme.gateway.ratelimit.RateLimiter;
import com.acme.gateway.route.Route;
import com.acme.gateway.route.RouteTable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/** GET /__admin/... on the admin port: the live route table, upstream health and limiter size. */
public final class AdminEndpoint implements MiniHttp.Handler {

    private final AtomicReference<RouteTable> table;
    private final HealthChecker health;
    private final RateLimiter limiter;

    public AdminEndpoint(AtomicReference<RouteTable> table, HealthChecker health, RateLimiter limiter) {
        this.table = table;
        this.health = health;
        this.limiter = limiter;
    }

    @Override
    public void handle(Request request, Response response) throws IOException {
        String resource = request.path().substring("/__admin".length());
        String body = switch (resource) {
            case "/routes", "/routes/" -> routesText(table.get());
            case "/routes.json" -> routesJson(table.get());
            case "/health" -> String.join("\n", health.report()) + "\n";
            case "/limits" -> "buckets: " + limiter.bucketCount() + "\n";
            default -> null;
        };
        if (body == null) {
            response.status(404);
            response.write("unknown admin resource\n");
            return;
        }
        response.header("Content-Type", resource.endsWith(".json") ? "application/json" : "text/plain");
        response.write(body);
    }

    static String routesText(RouteTable routes) {
        String[] prefixes = routes.prefixArray();
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(prefixes.length).append(" routes: ").append(String.join(" ", prefixes)).append('\n');
        for (Route route : routes.routes()) {
            String id = route.id();
            String prefix = route.pathPrefix();
            String upstream = route.upstream();
            int rate = route.ratePerSecond();
            sb.append(String.format("%s\t%s\t%s\t%s rps%n", id, prefix, upstream, rate));
            Map<String, String> set = route.setHeaders();
            for (String name : set.keySet()) {
                sb.append("    set ").append(name).append(": ").append(set.get(name)).append('\n');
            }
        }
        return sb.toString();
    }

    static String routesJson(RouteTable routes) {
        List<String> items = routes.routes().stream().map(AdminEndpoint::routeJson).collect(Collectors.toList());
        return "[" + String.join(",", items) + "]";
    }

    private static String routeJson(Route route) {
        StringJoiner columns = new StringJoiner(",", "[", "]");
        for (String column : headerColumns(route.setHeaders())) {
            columns.add(quote(column));
        }
        return "{\"id\":" + quote(route.id()) + ",\"prefix\":" + quote(route.pathPrefix())
                + ",\"upstream\":" + quote(route.upstream()) + ",\"setHeaders\":" + columns + "}";
    }

    /** Header names first, then their values: the column layout the ops dashboard expects. */
    static String[] headerColumns(Map<String, String> headers) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : headers.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    private static String quote(String s) {
        return '"' + s.replaceAll("[\"\\\\]", "\\\\$0") + '"';
    }
}
