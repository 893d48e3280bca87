package com.acme.pricing.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The slice of the platform HTTP layer that the pricing service uses. In production the platform
 * connector calls {@link Server#dispatch} from its worker threads; local runs and tests call it directly.
 */
public final class MiniHttp {

    /** Separator of multi-valued headers such as {@code X-Feature: a, b; c}. */
    private static final String LIST_SEPARATOR = "\\s*[,;]\\s*";

    private MiniHttp() {
    }

    /** Implemented by every endpoint; the server calls it once for each request on its route. */
    @FunctionalInterface
    public interface Handler {
        Response handle(Request request) throws IOException;
    }

    /** Thrown by handlers for a request the client has to fix; rendered as a 400 listing the errors. */
    public static class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final List<String> errors;

        public BadRequest(String field, String problem) {
            super(String.format("%s: %s", field, problem));
            this.errors = Collections.singletonList(getMessage());
        }

        public BadRequest(List<String> errors) {
            super(errors.size() + " validation errors");
            this.errors = errors;
        }

        public List<String> errors() {
            return errors;
        }
    }

    public static final class Request {
        private final String method;
        private final String path;
        private final Map<String, String> headers;
        private final Map<String, String> query;
        private final byte[] body;

        public Request(String method, String path, Map<String, String> headers, Map<String, String> query,
                byte[] body) {
            this.method = method;
            this.path = path;
            this.headers = headers;
            this.query = query;
            this.body = body;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }

        public byte[] body() {
            return body;
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String query(String name) {
            return query.get(name);
        }

        /** Header names are lower-cased by the connector. */
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** All values of a multi-valued header, in the order the client sent them. */
        public List<String> headerValues(String name) {
            String raw = header(name);
            if (raw == null || raw.isBlank()) {
                return Collections.emptyList();
            }
            return Arrays.asList(raw.trim().split(LIST_SEPARATOR));
        }

        @Override
        public String toString() {
            return String.format("%s %s", method, path);
        }
    }

    public static final class Response {
        private final int status;
        private final String contentType;
        private final byte[] body;
        private final Map<String, String> headers = new LinkedHashMap<>();

        private Response(int status, String contentType, byte[] body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body;
        }

        public static Response text(int status, String text) {
            return new Response(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
        }

        public static Response bytes(int status, String contentType, byte[] body) {
            return new Response(status, contentType, body);
        }

        public Response withHeader(String name, String value) {
            headers.put(name, value);
            return this;
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

        public Map<String, String> headers() {
            return headers;
        }
    }

    public static final class Server {
        private final String host;
        private final int port;
        private final Map<String, Handler> routes = new LinkedHashMap<>();

        public Server(String host, int port) {
            this.host = host;
            this.port = port;
        }

        public void route(String path, Handler handler) {
            routes.put(path, handler);
        }

        public List<String> routes() {
            return new ArrayList<>(routes.keySet());
        }

        /** Entry point of the connector: one call per request, on the connector's worker threads. */
        public Response dispatch(String method, String path, Map<String, String> headers,
                Map<String, String> query, InputStream body) throws IOException {
            Request request = new Request(method, path, headers, query, readFully(body));
            Handler handler = routes.get(path);
            if (handler == null) {
                return Response.text(404, "no route for " + path);
            }
            try {
                return handler.handle(request);
            } catch (BadRequest e) {
                List<String> quoted = e.errors().stream().map(m -> '"' + m + '"').collect(Collectors.toList());
                return Response.text(400, "{\"errors\":[" + String.join(",", quoted) + "]}");
            }
        }

        /** Hands the routes to the platform connector, which binds host:port. */
        public void start() throws IOException {
            if (port <= 0 || port > 65535) {
                throw new IOException("cannot bind " + host + ":" + port);
            }
        }

        static byte[] readFully(InputStream in) throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            boolean more = true;
            while (more) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    more = false;
                } else {
                    body.write(chunk, 0, n);
                }
            }
            return body.toByteArray();
        }
    }
}
