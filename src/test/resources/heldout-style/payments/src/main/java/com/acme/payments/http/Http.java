package com.acme.payments.http;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Minimal stand-ins for the in-house HTTP server and metrics registry the gateway runs on.
 * The server calls {@link Handler#handle} once for every request routed to it.
 */
public final class Http {

    private Http() {
    }

    /** Implemented by every endpoint; called by the server's worker threads, once per request. */
    @FunctionalInterface
    public interface Handler {
        Response handle(Request request) throws Exception;
    }

    public static final class Request {
        private final String method;
        private final String path;
        private final Map<String, String> headers;
        private final byte[] body;

        /** Header names arrive lower-cased from the server's parser. */
        public Request(String method, String path, Map<String, String> headers, byte[] body) {
            this.method = method;
            this.path = path;
            this.headers = headers;
            this.body = body;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public byte[] body() {
            return body;
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public InputStream bodyStream() {
            return new ByteArrayInputStream(body);
        }

        @Override
        public String toString() {
            int size = body.length;
            return String.format("%s %s (%s bytes)", method, path, size);
        }
    }

    public static final class Response {
        private final int status;
        private final String contentType;
        private final byte[] body;

        private Response(int status, String contentType, byte[] body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body;
        }

        public static Response text(int status, String text) {
            return new Response(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
        }

        public static Response json(int status, String json) {
            return new Response(status, "application/json", json.getBytes(StandardCharsets.UTF_8));
        }

        public int status() {
            return status;
        }

        public String contentType() {
            return contentType;
        }

        public byte[] body() {
            return body;
        }
    }

    public static final class Server {
        private final Map<String, Handler> routes = new ConcurrentHashMap<>();
        private final int port;

        public Server(int port) {
            this.port = port;
        }

        public void route(String path, Handler handler) {
            routes.put(path, handler);
        }

        /** Called by the acceptor's worker pool for every request that arrives on the port. */
        public Response dispatch(Request request) {
            String route = request.path().replaceFirst("\\?.*$", "");
            Handler handler = routes.get(route);
            if (handler == null) {
                return Response.text(404, "no such route\n");
            }
            try {
                return handler.handle(request);
            } catch (IllegalArgumentException e) {
                return Response.text(400, "bad request\n");
            } catch (Exception e) {
                return Response.text(500, "internal error\n");
            }
        }

        public int port() {
            return port;
        }

        public void start() {
            // the real server binds the port and starts its acceptor here
        }
    }

    /** Counters keyed by name and tags; tags are passed as all keys first, then all values. */
    public static final class Metrics {
        private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();

        public void increment(String name, String... keysThenValues) {
            counters.computeIfAbsent(key(name, keysThenValues), k -> new LongAdder()).increment();
        }

        public Map<String, LongAdder> counters() {
            return counters;
        }

        static String key(String name, String[] keysThenValues) {
            int half = keysThenValues.length / 2;
            StringBuilder key = new StringBuilder(name);
            if (half > 0) {
                key.append('{');
                for (int i = 0; i < half; i++) {
                    if (i > 0) {
                        key.append(',');
                    }
                    key.append(keysThenValues[i]).append("=\"").append(keysThenValues[half + i]).append('"');
                }
                key.append('}');
            }
            return key.toString();
        }
    }
}
