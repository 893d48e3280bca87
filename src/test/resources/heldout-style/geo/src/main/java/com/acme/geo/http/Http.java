package com.acme.geo.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Minimal stand-in for the embedded HTTP server the tile service runs in. The real server owns the
 * sockets and the worker pool; its accept loop calls {@link Server#dispatch} once for every request.
 */
public final class Http {

    private Http() {
    }

    /** Implemented by the application; the server calls it for every request routed to it. */
    @FunctionalInterface
    public interface Handler {
        void handle(Request request, Response response) throws IOException;
    }

    public static final class Request {
        private final String method;
        private final String path;
        private final String query;

        public Request(String method, String path, String query) {
            this.method = method;
            this.path = path;
            this.query = query;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }

        public String query() {
            return query == null ? "" : query;
        }

        @Override
        public String toString() {
            return String.format("%s %s?%s", method, path, query);
        }
    }

    public static final class Response {
        private final Map<String, String> headers = new LinkedHashMap<>();
        private int status = 200;
        private byte[] body = new byte[0];

        public void header(String name, String value) {
            headers.put(name, value);
        }

        public void send(int status, byte[] body) {
            this.status = status;
            this.body = body;
        }

        public void send(int status, String text) {
            send(status, text.getBytes(StandardCharsets.UTF_8));
        }

        public int status() {
            return status;
        }

        public byte[] body() {
            return body;
        }

        public Map<String, String> headers() {
            return Collections.unmodifiableMap(headers);
        }
    }

    public static final class Server {
        private final int port;
        private final TreeMap<String, Handler> routes = new TreeMap<>();

        public Server(int port) {
            this.port = port;
        }

        public Server route(String prefix, Handler handler) {
            routes.put(prefix, handler);
            return this;
        }

        public int port() {
            return port;
        }

        /** Called by the accept loop for each request read from a connection. */
        public Response dispatch(Request request) throws IOException {
            String path = request.path();
            Response response = new Response();
            Map.Entry<String, Handler> route = routes.floorEntry(path);
            if (route == null || !path.startsWith(route.getKey())) {
                response.send(404, "no route");
                return response;
            }
            route.getValue().handle(request, response);
            return response;
        }

        public void start() {
            // the real implementation binds the port and starts the accept loop
        }
    }
}
