package com.acme.graphql.http;

import com.acme.graphql.execution.ExecutionEngine;
import com.acme.graphql.execution.ExecutionEngine.ExecutionResult;
import com.acme.graphql.execution.PropertyDataFetcher;
import com.acme.graphql.execution.ResultSerializer;
import com.acme.graphql.lang.Lexer;
import com.acme.graphql.lang.Parser;
import com.acme.graphql.lang.Parser.Document;
import com.acme.graphql.schema.SchemaRegistry;
import com.acme.graphql.schema.SchemaRegistry.FieldDefinition;
import com.acme.graphql.schema.SchemaRegistry.ObjectType;
import com.acme.graphql.validation.Validator;
import com.acme.graphql.validation.Validator.ValidationError;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The GraphQL endpoint: parses, validates and executes {@code application/graphql} POST bodies, and serves
 * the GraphiQL page on GET.
 */
public final class GraphQLServer {

    /** The host HTTP server's view of one exchange (the adapter for the host's own type lives in the app). */
    public interface Exchange {
        String method();

        String path();

        String header(String name);

        InputStream body();

        void respond(int status, String[] headerPairs, byte[] body) throws IOException;
    }

    /** Registered with the host HTTP server, which calls it on its worker threads for every request. */
    public interface Handler {
        void handle(Exchange exchange) throws IOException;
    }

    public static final class PayloadTooLargeException extends IOException {
        public PayloadTooLargeException(String message) {
            super(message);
        }
    }

    private static final Map<String, String> CORS = Map.of(
            "Access-Control-Allow-Origin", "*",
            "Access-Control-Allow-Headers", "content-type, authorization, x-graphql-operation");

    private static final String[] CORS_HEADERS = CORS.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);

    /** Parsed documents by query text: clients send the same few queries over and over. */
    static final class DocumentCacheKey {
        final String query;
        final String operationName;

        DocumentCacheKey(String query, String operationName) {
            this.query = query;
            this.operationName = operationName;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof DocumentCacheKey k && query.equals(k.query)
                    && Objects.equals(operationName, k.operationName);
        }

        @Override
        public int hashCode() {
            return Objects.hash(query, operationName);
        }
    }

    private final Validator validator;
    private final ExecutionEngine engine;
    private final ResultSerializer serializer;
    private final Map<DocumentCacheKey, Document> documents = new ConcurrentHashMap<>();
    private final Path graphiqlPage;
    private final String schemaVersion;
    private final int maxBodyBytes;

    public GraphQLServer(SchemaRegistry schema, Path graphiqlPage, String schemaVersion, int maxBodyBytes) {
        this.validator = new Validator(schema);
        this.engine = new ExecutionEngine(schema, 10_000, 15, keys -> new ArrayList<>(keys));
        this.serializer = new ResultSerializer(Boolean.getBoolean("graphql.tracing"));
        this.graphiqlPage = graphiqlPage;
        this.schemaVersion = schemaVersion;
        this.maxBodyBytes = maxBodyBytes;
    }

    public Handler handler() {
        return this::handle;
    }

    private void handle(Exchange exchange) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>(CORS);
        if ("GET".equals(exchange.method()) && exchange.path().endsWith("/graphiql")) {
            byte[] page = loadGraphiqlPage();
            int length = page.length;
            String etag = String.format("W/\"%s-%s\"", schemaVersion, length);
            exchange.respond(200, new String[] {"Content-Type", "text/html; charset=utf-8", "ETag", etag}, page);
            return;
        }
        if ("OPTIONS".equals(exchange.method())) {
            exchange.respond(204, CORS_HEADERS, new byte[0]);
            return;
        }
        boolean legacyJson = false;
        String accept = exchange.header("Accept");
        if (accept != null) {
            legacyJson = true;
            for (String mediaType : accept.split("\\s*,\\s*")) {
                if (mediaType.startsWith("application/graphql-response+json")) {
                    legacyJson = false;
                }
            }
        }
        long timeoutMillis = 30_000;
        String timeout = exchange.header("X-Request-Timeout");
        if (timeout != null && timeout.endsWith("ms")) {
            timeoutMillis = Long.parseLong(timeout.substring(0, timeout.length() - 2));
        }
        String query = new String(readBody(exchange.body()), StandardCharsets.UTF_8);
        String operationName = exchange.header("X-GraphQL-Operation");
        try {
            Document document = documents.computeIfAbsent(new DocumentCacheKey(query, operationName),
                    key -> Parser.parse(key.query));
            List<ValidationError> errors = validator.validate(document);
            if (!errors.isEmpty()) {
                send(exchange, legacyJson ? 200 : 400, headers, errorBody(errors.get(0).getMessage()));
                return;
            }
            ExecutionResult result = engine.execute(document, operationName, Map.of(), Set.of(), timeoutMillis);
            send(exchange, 200, headers, serializer.serialize(result));
        } catch (Lexer.SyntaxError e) {
            String message = e.getMessage();
            String detail = message.replaceAll("\\s+", " ");
            send(exchange, legacyJson ? 200 : 400, headers, errorBody(detail));
        }
    }

    private static String errorBody(String message) {
        return "{\"errors\":[{\"message\":\"" + message.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}]}";
    }

    private void send(Exchange exchange, int status, Map<String, String> headers, String json) throws IOException {
        headers.put("Content-Type", "application/graphql-response+json; charset=utf-8");
        String[] headerPairs = headers.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        exchange.respond(status, headerPairs, json.getBytes(StandardCharsets.UTF_8));
    }

    private byte[] readBody(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int total = 0;
        while (total <= maxBodyBytes) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            if (n < 0) {
                return body.toByteArray();
            }
            body.write(chunk, 0, n);
            total += n;
        }
        throw new PayloadTooLargeException("Request body exceeds " + maxBodyBytes + " bytes");
    }

    /** Read on every GET so that front-end developers see their edits without a restart. */
    private byte[] loadGraphiqlPage() throws IOException {
        try (InputStream in = Files.newInputStream(graphiqlPage);
             ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        }
    }

    /** Development launcher: {@code GraphQLServer host:port schema.graphqls...}. */
    public static void main(String[] args) throws IOException {
        if (args.length < 2 || !args[0].matches("[\\w.-]+:\\d{1,5}")) {
            System.err.println("usage: GraphQLServer host:port schema.graphqls...");
            System.exit(2);
        }
        String listen = args[0];
        List<String> fileArgs = Arrays.asList(args).subList(1, args.length);
        List<Path> schemaFiles = new ArrayList<>();
        for (String fileArg : fileArgs) {
            schemaFiles.add(Paths.get(fileArg));
        }
        StringBuilder sdl = new StringBuilder();
        for (Path file : schemaFiles) {
            try (FileInputStream in = new FileInputStream(file.toFile());
                 ByteArrayOutputStream out = new ByteArrayOutputStream()) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
                sdl.append(out.toString(StandardCharsets.UTF_8)).append('\n');
            }
        }
        String sdlText = sdl.toString();
        String version = System.getProperty("schema.version", "dev");
        int schemaHash = Objects.hash(sdlText, version);

        Map<String, FieldDefinition> queryFields = new LinkedHashMap<>();
        queryFields.put("sdl", new FieldDefinition("sdl", "String!", "The schema files this server loaded.",
                Map.of(), Map.of(), null, null, env -> sdlText));
        queryFields.put("version", new FieldDefinition("version", "String!", null, Map.of(), Map.of(), null, null,
                new PropertyDataFetcher("version")));
        SchemaRegistry schema = SchemaRegistry.builder()
                .register(new ObjectType("OBJECT", "Query", List.of(), queryFields, List.of()))
                .build();
        GraphQLServer server = new GraphQLServer(schema, Paths.get("graphiql.html"), version, 1 << 20);
        String roots = String.join(", ", queryFields.keySet());
        System.out.println(String.format("GraphQL endpoint on %s, schema %s, root fields: %s", listen, schemaHash, roots));
        HostHttpServer.start(listen, server.handler());
    }

    /** Stand-in for the host application's HTTP server. */
    static final class HostHttpServer {
        static void start(String listen, Handler handler) {
            Objects.requireNonNull(handler);
        }
    }
}
