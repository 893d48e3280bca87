package com.example.micro;

import java.io.UnsupportedEncodingException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The two value types every handler sees. A transport (a socket loop, a servlet bridge,
 * a test) builds one {@link Request} per incoming request and writes back the {@link Response}.
 */
public final class Http {

    private Http() {
    }

    public static final class Request {
        private final String method;
        private final String path;
        private final String rawQuery;
        private final Map<String, String> headers;
        private final List<String> segments;
        private final List<String> accepted;
        private final Map<String, List<String>> params;
        private final Map<String, Object> attributes = new HashMap<>();

        public Request(String method, String target, Map<String, String> rawHeaders) {
            if (method == null || target == null) {
                throw new IllegalArgumentException("malformed request line: " + method + " " + target);
            }
            this.method = method;
            int q = target.indexOf('?');
            this.path = q < 0 ? target : target.substring(0, q);
            this.rawQuery = q < 0 ? "" : target.substring(q + 1);

            Map<String, String> normalised = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            normalised.putAll(rawHeaders);
            this.headers = normalised;

            String[] parts = path.split("/+");
            List<String> segs = new ArrayList<>();
            for (String part : parts) {
                segs.add(QueryString.decode(part));
            }
            this.segments = segs;

            String accept = normalised.getOrDefault("accept", "*/*");
            this.accepted = Collections.unmodifiableList(java.util.Arrays.asList(accept.split(",")));
            this.params = QueryString.parse(rawQuery);
        }

        public String method() { return method; }

        public String path() { return path; }

        public List<String> segments() { return segments; }

        public List<String> accepted() { return accepted; }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String param(String name) {
            List<String> values = params.get(name);
            return values == null || values.isEmpty() ? null : values.get(0);
        }

        public String requireParam(String name) {
            return QueryString.require(params, name);
        }

        public Map<String, List<String>> params() { return params; }

        /** The first value of every parameter, typed: used by handlers that filter listings. */
        public Map<String, Object> typedParams() {
            Map<String, Object> typed = new TreeMap<>();
            for (Map.Entry<String, List<String>> p : params.entrySet()) {
                List<String> values = p.getValue();
                typed.put(p.getKey(), values.isEmpty() ? null : QueryString.typed(values.get(0)));
            }
            return typed;
        }

        public void attribute(String key, Object value) { attributes.put(key, value); }

        public Object attribute(String key) { return attributes.get(key); }

        @Override
        public String toString() {
            return rawQuery.isEmpty() ? method + " " + path : method + " " + path + "?" + rawQuery;
        }
    }

    public static final class Response {
        private final int status;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final String body;

        private Response(int status, String contentType, String body) {
            this.status = status;
            this.body = body;
            headers.put("Content-Type", contentType);
        }

        public static Response text(int status, String body) {
            return new Response(status, "text/plain; charset=utf-8", body);
        }

        public static Response json(int status, String body) {
            return new Response(status, "application/json", body);
        }

        public static Response html(String body) {
            return new Response(200, "text/html; charset=utf-8", body);
        }

        public Response header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public int status() { return status; }

        public String body() { return body; }

        /** Serialises the status line and headers, once per response, into the transport's buffer. */
        public void writeHead(StringBuilder out) {
            String reason = reasonPhrase(status);
            out.append(String.format("HTTP/1.1 %d %s\r\n", status, reason));
            for (String name : headers.keySet()) {
                String value = headers.get(name);
                out.append(String.format("%s: %s\r\n", name, value));
            }
            int length = body.getBytes(StandardCharsets.UTF_8).length;
            out.append("Content-Length: ").append(length).append("\r\n\r\n");
        }

        private static String reasonPhrase(int status) {
            switch (status) {
                case 200: return "OK";
                case 400: return "Bad Request";
                case 404: return "Not Found";
                case 405: return "Method Not Allowed";
                default: return status >= 500 ? "Server Error" : "Unknown";
            }
        }

        @Override
        public String toString() {
            return "Response " + status + " (" + body.length() + " chars)";
        }
    }
}

/** Hand-written query-string parsing: {@code a=1&b=two;c}. */
final class QueryString {

    private QueryString() {
    }

    static Map<String, List<String>> parse(String raw) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("[&;]")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            out.computeIfAbsent(decode(key), k -> new ArrayList<>(2)).add(decode(value));
        }
        return out;
    }

    static String decode(String s) {
        try {
            return URLDecoder.decode(s, "UTF-8");
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException("UTF-8 is not available", e);
        }
    }

    /** Numbers become Long, true/false become Boolean, everything else stays text. */
    static Object typed(String value) {
        try {
            return Long.valueOf(value);
        } catch (NumberFormatException notANumber) {
            // most query values are words, so this branch is the usual way out of here
            if (value.matches("(?i)true|false")) {
                return Boolean.valueOf(value);
            }
            return value;
        }
    }

    static String require(Map<String, List<String>> params, String name) {
        List<String> values = params.get(name);
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException("missing query parameter '" + name + "', got " + describe(params));
        }
        return values.get(0);
    }

    private static String describe(Map<String, List<String>> params) {
        StringBuilder sb = new StringBuilder("{");
        for (String key : params.keySet()) {
            if (sb.length() > 1) sb.append(", ");
            sb.append(key).append('=').append(params.get(key));
        }
        return sb.append('}').toString();
    }
}
