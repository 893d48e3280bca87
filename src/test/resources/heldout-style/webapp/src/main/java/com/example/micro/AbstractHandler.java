package com.example.micro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Base class for application handlers. {@link #handle} is the template method: it runs
 * {@link #setup} and then {@link #doHandle} for every request, maps argument errors to 400,
 * and stamps the diagnostic headers.
 */
public abstract class AbstractHandler implements Handler {

    private static final Log LOG = Log.get(AbstractHandler.class);

    private static final Map<Class<?>, String> KINDS = new ConcurrentHashMap<>();

    private final String route;

    protected AbstractHandler(String route) {
        this.route = checkNotBlank(route, "route");
    }

    @Override
    public final Http.Response handle(Http.Request request) throws Exception {
        long started = System.nanoTime();
        setup(request);
        Http.Response response;
        try {
            response = doHandle(request);
        } catch (IllegalArgumentException badInput) {
            String reason = badInput.getMessage();
            String message = String.format("bad request to %s: %s", route, reason);
            response = Http.Response.text(400, message);
        }
        if (LOG.isDebugEnabled()) {
            String method = request.method();
            String path = request.path();
            int status = response.status();
            long micros = (System.nanoTime() - started) / 1000;
            LOG.debug(String.format("%s %s -> %s in %sus", method, path, status, micros));
        }
        response.header("X-Handler", name());
        response.header("X-Route", describe());
        return response;
    }

    /**
     * Runs before {@link #doHandle} on every request. The default works out whether the
     * client wants JSON and lower-cases the path segments for case-insensitive lookups.
     */
    protected void setup(Http.Request request) {
        String accept = request.header("accept");
        request.attribute("wants.json", accept != null && accept.matches(".*\\bjson\\b.*"));
        request.attribute("segments.lower", lowerCase(request.segments()));
    }

    private static List<String> lowerCase(List<String> segments) {
        List<String> lowered = new ArrayList<>();
        for (String segment : segments) {
            lowered.add(segment.toLowerCase(Locale.ROOT));
        }
        return lowered;
    }

    /** A one-line description of this handler; sent as the X-Route header of every response. */
    protected String describe() {
        String kind = KINDS.computeIfAbsent(getClass(), AbstractHandler::kindOf);
        return String.format("%s (%s)", route, kind);
    }

    private static String kindOf(Class<?> type) {
        String name = type.getSimpleName();
        return name.endsWith("Handler") ? name.substring(0, name.length() - "Handler".length()) : name;
    }

    protected abstract Http.Response doHandle(Http.Request request) throws Exception;

    protected static String checkNotBlank(String value, String what) {
        if (value == null || value.trim().isEmpty()) {
            throw new IllegalArgumentException(String.format("%s must not be blank", what));
        }
        return value;
    }

    protected String route() {
        return route;
    }
}
