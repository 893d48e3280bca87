package com.example.micro;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Maps {@code METHOD /path/{var}} to handlers. Routes are registered once at startup;
 * {@link #dispatch} runs for every request.
 */
public final class Router implements Handler {

    private static final Log LOG = Log.get(Router.class);

    private static final List<HttpMethod> SAFE = Arrays.asList(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);
    private static final Set<String> SAFE_NAMES = SAFE.stream().map(HttpMethod::name).collect(Collectors.toSet());
    private static final Set<String> KNOWN_METHODS;

    static {
        HttpMethod[] all = HttpMethod.values();
        Set<String> known = new HashSet<>();
        for (HttpMethod m : all) {
            known.add(m.name());
        }
        KNOWN_METHODS = known;
    }

    private final List<Route> routes = new ArrayList<>();
    private final List<Handler.Filter> filters = new ArrayList<>();

    public Router get(String pattern, Handler handler) { return add(HttpMethod.GET, pattern, handler); }

    public Router post(String pattern, Handler handler) { return add(HttpMethod.POST, pattern, handler); }

    public Router delete(String pattern, Handler handler) { return add(HttpMethod.DELETE, pattern, handler); }

    public Router filter(Handler.Filter filter) {
        filters.add(filter);
        return this;
    }

    private Router add(HttpMethod method, String pattern, Handler handler) {
        if (!pattern.startsWith("/")) {
            throw new IllegalArgumentException("route pattern must start with a slash: " + pattern);
        }
        routes.add(new Route(method, pattern, handler));
        return this;
    }

    public List<Route> routes() {
        return routes;
    }

    @Override
    public Http.Response handle(Http.Request request) throws Exception {
        return dispatch(request);
    }

    public Http.Response dispatch(Http.Request request) throws Exception {
        if (!KNOWN_METHODS.contains(request.method().toUpperCase(Locale.ROOT))) {
            return Http.Response.text(501, "not implemented");
        }
        HttpMethod method = HttpMethod.parse(request.method());
        Set<String> allowed = null;
        for (Route route : routes) {
            Map<String, String> vars = route.match(request.path());
            if (vars == null) {
                continue;
            }
            if (route.method != method) {
                if (allowed == null) {
                    allowed = new LinkedHashSet<>();
                }
                allowed.add(route.method.name());
                continue;
            }
            request.attribute("path.vars", vars);
            request.attribute("safe", SAFE_NAMES.contains(method.name()));
            Handler chain = route.handler;
            for (Handler.Filter f : filters) {
                chain = chain.with(f);
            }
            return chain.handle(request);
        }
        if (allowed != null) {
            return Http.Response.text(405, "method not allowed").header("Allow", String.join(", ", allowed));
        }
        String path = request.path();
        return Http.Response.text(404, String.format("no route for %s", path));
    }

    /** One registered route; the path pattern is turned into a regex when the route is registered. */
    public static final class Route {
        private static final Pattern VARIABLE = Pattern.compile("\\{([a-zA-Z][a-zA-Z0-9]*)\\}");

        final HttpMethod method;
        final String pattern;
        final Handler handler;
        private final Pattern regex;
        private final List<String> names = new ArrayList<>();

        Route(HttpMethod method, String pattern, Handler handler) {
            this.method = method;
            this.pattern = pattern;
            this.handler = handler;
            Matcher m = VARIABLE.matcher(pattern);
            while (m.find()) {
                names.add(m.group(1));
            }
            this.regex = Pattern.compile(pattern.replaceAll("\\{[a-zA-Z][a-zA-Z0-9]*\\}", "([^/]+)"));
        }

        Map<String, String> match(String path) {
            Matcher m = regex.matcher(path);
            if (!m.matches()) {
                return null;
            }
            int group = 0;
            Map<String, String> vars = new HashMap<>(names.size());
            for (String name : names) {
                vars.put(name, m.group(++group));
            }
            return vars;
        }

        @Override
        public String toString() {
            String verb = method.name();
            String target = handler.name();
            return String.format("%s %s -> %s", verb, pattern, target);
        }
    }
}

/** The methods the router knows; a few carry their own rules. */
enum HttpMethod {
    GET {
        @Override
        boolean hasBody() { return false; }
    },
    HEAD {
        @Override
        boolean hasBody() { return false; }
    },
    POST,
    PUT,
    DELETE {
        @Override
        boolean idempotent() { return true; }
    },
    PATCH,
    OPTIONS {
        @Override
        boolean hasBody() { return false; }
    };

    boolean hasBody() { return true; }

    boolean idempotent() { return this != POST && this != PATCH; }

    /** Lenient: tolerates stray whitespace and control characters some clients send. */
    static HttpMethod parse(String raw) {
        String cleaned = raw.replaceAll("[^A-Za-z]", "");
        try {
            return valueOf(cleaned.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new UnsupportedOperationException(String.format("HTTP method %s is not supported", cleaned));
        }
    }
}
