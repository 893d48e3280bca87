package com.acme.features.framework;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Minimal stand-in for the in-house HTTP framework the serving tier is deployed on.
 * Only the surface the feature server touches is modelled.
 */
public final class Http {

    private Http() {
    }

    /** A route handler; the framework calls {@link #handle} once per incoming request. */
    @FunctionalInterface
    public interface Handler {
        Response handle(Request request) throws Exception;
    }

    /** The server the handlers are mounted on. */
    public interface Server {
        void route(String prefix, Handler handler);

        void start(int port);

        void stop();
    }

    public static final class Request {
        private final String method;
        private final String path;
        private final Map<String, String> query;
        private final Map<String, String> headers;
        private final byte[] body;

        public Request(String method, String path, Map<String, String> query,
                       Map<String, String> headers, byte[] body) {
            this.method = method;
            this.path = path;
            this.query = query;
            this.headers = headers;
            this.body = body;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }

        public String query(String name) {
            return query.get(name);
        }

        public Map<String, String> queryParams() {
            return Collections.unmodifiableMap(query);
        }

        public String header(String name) {
            return headers.get(name);
        }

        public byte[] body() {
            return body;
        }
    }

    public static final class Response {
        private final int status;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final byte[] body;

        public Response(int status, byte[] body) {
            this.status = status;
            this.body = body;
        }

        public static Response ok(String text) {
            return new Response(200, text.getBytes(StandardCharsets.UTF_8));
        }

        public static Response error(int status, String text) {
            return new Response(status, text.getBytes(StandardCharsets.UTF_8));
        }

        public Response header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public int status() {
            return status;
        }

        public byte[] body() {
            return body;
        }
    }
}
