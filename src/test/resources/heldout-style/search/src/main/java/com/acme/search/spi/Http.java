package com.acme.search.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Minimal stand-in for the embedded HTTP framework the search server runs on.
 * The framework calls {@link Handler#handle(Request)} once per incoming request.
 */
public final class Http {

    private Http() {
    }

    @FunctionalInterface
    public interface Handler {
        Response handle(Request request) throws Exception;
    }

    public static final class Request {
        private final String path;
        private final Map<String, String> params;
        private final Object body;

        public Request(String path, Map<String, String> params, Object body) {
            this.path = path;
            this.params = new LinkedHashMap<>(params);
            this.body = body;
        }

        public String path() {
            return path;
        }

        public String param(String name, String fallback) {
            String value = params.get(name);
            return value == null ? fallback : value;
        }

        public Map<String, String> params() {
            return Collections.unmodifiableMap(params);
        }

        public Object body() {
            return body;
        }
    }

    public static final class Response {
        private final int status;
        private final String body;
        private final String[] headers;

        private Response(int status, String body, String[] headers) {
            this.status = status;
            this.body = body;
            this.headers = headers;
        }

        public static Response ok(String body, String... headers) {
            return new Response(200, body, headers);
        }

        public static Response error(int status, String message) {
            return new Response(status, message, new String[0]);
        }

        public int status() {
            return status;
        }

        public String body() {
            return body;
        }

        public String[] headers() {
            return headers.clone();
        }
    }
}
