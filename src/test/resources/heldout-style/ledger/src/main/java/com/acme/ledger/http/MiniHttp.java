package com.acme.ledger.http;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Stand-in for the in-house HTTP layer ("mini-http"). The real server owns the sockets and the worker
 * pool; all the ledger code sees is a {@link Router} that hands every request to a {@link Handler}.
 */
public final class MiniHttp {

    private MiniHttp() {
    }

    /** Implemented by the endpoints; the server calls {@link #handle} once per request. */
    public interface Handler {
        Response handle(Request request) throws Exception;
    }

    public static final class Request {
        private final String method;
        private final String path;
        private final Map<String, String> params;
        private final Map<String, String> headers;
        private final String body;

        public Request(String method, String path, Map<String, String> params, Map<String, String> headers,
                String body) {
            this.method = method;
            this.path = path;
            this.params = params == null ? Collections.<String, String>emptyMap() : params;
            this.headers = headers == null ? Collections.<String, String>emptyMap() : headers;
            this.body = body;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }

        public String param(String name) {
            return params.get(name);
        }

        public Map<String, String> headers() {
            return headers;
        }

        public String header(String name) {
            return headers.get(name);
        }

        public String body() {
            return body;
        }
    }

    public static final class Response {
        private final int status;
        private final String body;
        private final Map<String, String> headers = new LinkedHashMap<>();

        private Response(int status, String body) {
            this.status = status;
            this.body = body;
        }

        public static Response ok(String body) {
            return new Response(200, body);
        }

        public static Response error(int status, String body) {
            return new Response(status, body);
        }

        public Response header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public int status() {
            return status;
        }

        public String body() {
            return body;
        }
    }

    /** Routes "METHOD /path" to a handler. {@link #dispatch} runs on the worker threads for every request. */
    public static final class Router {
        private final Map<String, Handler> routes = new HashMap<>();

        public void register(String method, String path, Handler handler) {
            routes.put(method + " " + path, handler);
        }

        public Response dispatch(Request request) {
            String method = request.method();
            String path = request.path();
            Handler handler = routes.get(method + " " + path);
            if (handler == null) {
                return Response.error(404, "No route for " + method + " " + path);
            }
            try {
                return handler.handle(request);
            } catch (Exception e) {
                String reason = String.valueOf(e.getMessage());
                return Response.error(500, String.format("%s %s failed: %s", method, path, reason));
            }
        }
    }
}
