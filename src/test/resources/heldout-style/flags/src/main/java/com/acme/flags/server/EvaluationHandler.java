package com.acme.flags.server;

import com.acme.flags.eval.Evaluator;
import com.acme.flags.model.EvaluationContext;
import com.acme.flags.model.FlagDefinition;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;

/**
 * {@code GET /v1/eval?key=..&flags=a,b} and {@code POST /v1/eval} (attributes in the body, one
 * {@code name=value} per line): evaluates flags for one context and answers a flat JSON object.
 */
public final class EvaluationHandler implements HttpHandler {

    public static final String PATH = "/v1/eval";

    private static final Logger LOG = Logger.getLogger(EvaluationHandler.class.getName());

    private static final List<String> BASE_VARY = Arrays.asList("Accept-Encoding", "X-Segments", "X-Client-Version");

    /** The JSON body of one response; a new one per request. */
    private static final class JsonResponse {
        private final List<String> varyHeaders = BASE_VARY.stream()
                .map(h -> h.toLowerCase(Locale.ROOT))
                .collect(Collectors.toList());
        private final StringBuilder body = new StringBuilder(256);
        private boolean first = true;

        void field(String name, String value) {
            body.append(first ? '{' : ',');
            first = false;
            body.append(String.format("\"%s\":", name));
            appendQuoted(body, value);
        }

        byte[] finish() {
            body.append(first ? "{}" : "}");
            return body.toString().getBytes(StandardCharsets.UTF_8);
        }
    }

    private final Evaluator evaluator;
    private final ContextFactory contexts;

    public EvaluationHandler(Evaluator evaluator, ContextFactory contexts) {
        this.evaluator = evaluator;
        this.contexts = contexts;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getRawQuery();
        try {
            Map<String, Object> bodyAttributes = "POST".equals(exchange.getRequestMethod())
                    ? parseAttributes(readBody(exchange.getRequestBody()))
                    : Collections.emptyMap();
            EvaluationContext ctx = contexts.fromRequest(query, bodyAttributes,
                    exchange.getRequestHeaders().getFirst("X-Segments"));
            List<String> requested = requestedFlags(query);
            Map<String, String> results;
            if (requested.isEmpty()) {
                results = evaluator.evaluateAll(ctx);
            } else {
                String[] keys = requested.stream().map(String::trim).toArray(String[]::new);
                results = new LinkedHashMap<>((int) (keys.length / 0.75f) + 1);
                for (String k : keys) {
                    results.put(k, evaluator.evaluate(k, ctx).value());
                }
            }
            JsonResponse response = new JsonResponse();
            for (String k : results.keySet()) {
                response.field(k, results.get(k));
            }
            if (requested.size() == 1 && query.contains("explain=true")) {
                FlagDefinition flag = evaluator.flag(requested.get(0));
                response.field("_rules", String.join(",", evaluator.ruleIds(flag)));
                response.field("_missing", String.join(",", evaluator.missingAttributes(flag, ctx)));
            }
            String encoding = exchange.getRequestHeaders().getFirst("Accept-Encoding");
            send(exchange, 200, response.finish(), response.varyHeaders, encoding != null && encoding.contains("gzip"));
        } catch (Evaluator.UnknownFlagException e) {
            send(exchange, 404, ("{\"error\":\"" + e.getMessage() + "\"}").getBytes(StandardCharsets.UTF_8),
                    BASE_VARY, false);
        } catch (ContextFactory.BadRequestException | IllegalArgumentException e) {
            LOG.fine("bad request " + query + ": " + e.getMessage());
            send(exchange, 400, ("{\"error\":\"" + e.getMessage() + "\"}").getBytes(StandardCharsets.UTF_8),
                    BASE_VARY, false);
        }
    }

    private static List<String> requestedFlags(String query) {
        if (query == null) {
            return Collections.emptyList();
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith("flags=") && pair.length() > "flags=".length()) {
                return Arrays.asList(pair.substring("flags=".length()).split(","));
            }
        }
        return Collections.emptyList();
    }

    /** The body of a POST; read for every POST request. */
    static byte[] readBody(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            byte[] chunk = new byte[2048];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            body.write(chunk, 0, n);
        }
        return body.toByteArray();
    }

    /** "plan=pro\nseats=12\nbeta=true": numbers become Long, true/false Boolean, the rest stays text. */
    static Map<String, Object> parseAttributes(byte[] body) {
        Map<String, Object> out = new HashMap<>();
        for (String line : new String(body, StandardCharsets.UTF_8).split("\n")) {
            int eq = line.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String name = line.substring(0, eq).trim();
            String value = line.substring(eq + 1).trim();
            if (value.equals("true") || value.equals("false")) {
                out.put(name, Boolean.valueOf(value));
            } else if (!value.isEmpty() && value.chars().allMatch(Character::isDigit) && value.length() < 19) {
                out.put(name, Long.valueOf(value));
            } else {
                out.put(name, value);
            }
        }
        return out;
    }

    /** Appends {@code s} as a JSON string; every value of every response goes through here. */
    static void appendQuoted(StringBuilder sb, String s) {
        sb.append('"');
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\' || c < 0x20) {
                sb.append(s.substring(start, i));
                if (c < 0x20) {
                    sb.append(String.format("\\u%04x", (int) c));
                } else {
                    sb.append('\\').append(c);
                }
                start = i + 1;
            }
        }
        sb.append(s, start, s.length());
        sb.append('"');
    }

    private static void send(HttpExchange exchange, int status, byte[] payload, List<String> vary, boolean gzip)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        exchange.getResponseHeaders().set("Vary", String.join(", ", vary));
        if (!gzip) {
            exchange.sendResponseHeaders(status, payload.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(payload);
            }
            return;
        }
        exchange.getResponseHeaders().set("Content-Encoding", "gzip");
        exchange.sendResponseHeaders(status, 0);
        try (InputStream in = new ByteArrayInputStream(payload);
             OutputStream out = new GZIPOutputStream(exchange.getResponseBody())) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) != -1) {
                out.write(buf, 0, n);
            }
        }
    }

    /** One line for the startup banner. */
    static String describeRoutes() {
        return String.format("%s %s (flags=, explain=true; gzip when asked)", "GET|POST", PATH);
    }
}
