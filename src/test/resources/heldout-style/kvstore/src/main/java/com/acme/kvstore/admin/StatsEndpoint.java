package com.acme.kvstore.admin;

import com.acme.kvstore.KvStore;
import com.acme.kvstore.Manifest;
import com.acme.kvstore.sstable.SSTableReader;
import com.acme.kvstore.wal.WriteAheadLog;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A small read-only HTTP endpoint for operators. The embedded server calls {@link #handle} once per request on its
 * worker threads; Prometheus scrapes {@code /stats} every 15 seconds and the orchestrator probes {@code /health}.
 */
public final class StatsEndpoint {

    /** What the embedded server hands us for one request. */
    public static final class Request {
        private final String method;
        private final String path;

        public Request(String method, String path) {
            this.method = method;
            this.path = path;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    /** What a route fills in; the endpoint writes it to the connection afterwards. */
    public static final class Response {
        private int status = 200;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();

        public void header(String name, String value) {
            headers.put(name, value);
        }

        public OutputStream body() {
            return body;
        }

        public void send(int status, String contentType, String text) {
            this.status = status;
            headers.put("Content-Type", contentType);
            body.reset();
            body.writeBytes(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The embedded server's connection. */
    public interface Transport {
        void writeHead(int status, String... headerPairs) throws IOException;

        OutputStream body() throws IOException;
    }

    @FunctionalInterface
    interface Route {
        void handle(Request req, Response resp) throws IOException;
    }

    private static final List<String> ROUTE_LIST = List.of("health", "stats", "levels", "tables", "raw", "prefixes",
            "wal", "checkpoint");
    private static final Set<String> ROUTES = ROUTE_LIST.stream().map(r -> r.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    private static final List<String> COLUMNS = List.of("table", "bytes");
    private static final Map<String, String> METRIC_HELP;

    static {
        Map<String, String> help = new HashMap<>();
        for (String op : KvStore.OPERATIONS) {
            help.put(op, "Total " + op + " operations since the store was opened");
        }
        METRIC_HELP = help;
    }

    private static final Map<Class<?>, Function<Object, String>> RENDERERS = new ConcurrentHashMap<>();
    private static final long STARTED = System.currentTimeMillis();

    private final KvStore store;
    private final Map<String, Route> routes = new HashMap<>();

    private final AtomicLong probes = new AtomicLong();

    /** Liveness probe, every few seconds. */
    private final Route health = (req, resp) -> {
        long uptime = System.currentTimeMillis() - STARTED;
        long probe = probes.incrementAndGet();
        resp.send(200, "text/plain", String.format("ok, up %s ms, probe %s%n", uptime, probe));
    };

    public StatsEndpoint(KvStore store) {
        this.store = store;
        routes.put("health", health);
        routes.put("stats", this::stats);
        routes.put("tables", this::tables);
        routes.put("raw", this::raw);
        routes.put("prefixes", this::prefixes);
        routes.put("levels", (req, resp) -> {
            List<List<Manifest.FileMeta>> levels = store.manifest().snapshot();
            StringBuilder sb = new StringBuilder();
            for (int level = 0; level < levels.size(); level++) {
                List<Manifest.FileMeta> files = levels.get(level);
                List<String> names = files.stream().map(f -> f.fileName()).collect(Collectors.toList());
                sb.append('L').append(level).append(' ').append(String.join(" ", names)).append('\n');
            }
            resp.send(200, "text/plain", sb.toString());
        });
        routes.put("wal", (req, resp) -> {
            long[] totals = new long[3];
            WriteAheadLog.replay(store.currentLog(), (sequence, kind, key, value) -> {
                totals[0]++;
                totals[1] += value.length;
                totals[2] = sequence;
            });
            resp.send(200, "text/plain", "records " + totals[0] + "\nvalue_bytes " + totals[1] + "\nlast_sequence "
                    + totals[2] + "\n");
        });
        routes.put("checkpoint", (req, resp) -> {
            Path target = store.dir().resolveSibling(store.name() + ".checkpoint");
            int copied = store.checkpoint(target);
            resp.send(200, "text/plain", "copied " + copied + " tables to " + target + "\n");
        });
    }

    /** Entry point: called by the embedded server for every request. */
    public void handle(Request req, Transport transport) throws IOException {
        Response resp = new Response();
        String path = req.path();
        try {
            switch (req.method()) {
                case "GET":
                case "HEAD":
                    route(req, resp, path);
                    break;
                default:
                    resp.send(405, "text/plain", "read-only endpoint\n");
                    break;
            }
        } catch (IOException | RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            resp.send(500, "text/plain", String.format("error serving %s: %s%n", path, message));
        }
        String[] headerPairs = resp.headers.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        transport.writeHead(resp.status, headerPairs);
        if (!"HEAD".equals(req.method())) {
            resp.body.writeTo(transport.body());
        }
    }

    private void route(Request req, Response resp, String path) throws IOException {
        if (!path.matches("/[a-z]+(/[0-9]+)?")) {
            resp.send(404, "text/plain", "no such page\n");
            return;
        }
        int slash = path.indexOf('/', 1);
        String name = slash < 0 ? path.substring(1) : path.substring(1, slash);
        Route route = ROUTES.contains(name) ? routes.get(name) : null;
        if (route == null) {
            resp.send(404, "text/plain", "no such page\n");
            return;
        }
        route.handle(req, resp);
    }

    private void stats(Request req, Response resp) {
        Map<String, AtomicLong> counters = store.counters();
        StringBuilder sb = new StringBuilder();
        for (String op : counters.keySet()) {
            String metric = op.replaceAll("[.\\-]", "_");
            long value = counters.get(op).get();
            sb.append("# HELP kvstore_").append(metric).append("_total ").append(METRIC_HELP.getOrDefault(op, op))
                    .append('\n');
            sb.append(String.format("kvstore_%s_total %s%n", metric, value));
        }
        Map<String, Object> gauges = new LinkedHashMap<>();
        gauges.put("tables", store.manifest().allFiles().size());
        gauges.put("last_compaction", store.compactor().lastRun());
        gauges.put("failures", store.failures());
        for (Map.Entry<String, Object> g : gauges.entrySet()) {
            sb.append("kvstore_").append(g.getKey()).append(' ').append(render(g.getValue())).append('\n');
        }
        sb.append(store.cache().describe()).append('\n');
        resp.send(200, "text/plain", sb.toString());
    }

    private static String render(Object value) {
        return RENDERERS.computeIfAbsent(value.getClass(), StatsEndpoint::rendererFor).apply(value);
    }

    private static Function<Object, String> rendererFor(Class<?> type) {
        if (Number.class.isAssignableFrom(type)) {
            return String::valueOf;
        }
        if (List.class.isAssignableFrom(type)) {
            return v -> Integer.toString(((List<?>) v).size());
        }
        return v -> "\"" + v + "\"";
    }

    private static long tableNumber(String path) {
        int slash = path.lastIndexOf('/');
        return Long.parseLong(path.substring(slash + 1, path.length()));
    }

    private Manifest.FileMeta find(long number) {
        for (Manifest.FileMeta f : store.manifest().allFiles()) {
            if (f.number == number) {
                return f;
            }
        }
        return null;
    }

    private void tables(Request req, Response resp) throws IOException {
        String path = req.path();
        if (path.indexOf('/', 1) < 0) {
            Map<String, Long> sizes = store.tableSizes();
            String[] header = COLUMNS.stream().map(c -> c.toUpperCase(Locale.ROOT)).toArray(String[]::new);
            StringBuilder sb = new StringBuilder(String.join("\t", header)).append('\n');
            for (Map.Entry<String, Long> e : sizes.entrySet()) {
                sb.append(e.getKey()).append('\t').append(e.getValue()).append('\n');
            }
            resp.send(200, "text/plain", sb.toString());
            return;
        }
        Manifest.FileMeta meta = find(tableNumber(path));
        if (meta == null) {
            resp.send(404, "text/plain", "no such table\n");
            return;
        }
        StringBuilder sb = new StringBuilder();
        store.openTable(meta).scan((key, sequence, kind, value) ->
                sb.append(SSTableReader.describeEntry(key, sequence, kind, value.length)).append('\n'));
        resp.send(200, "text/plain", sb.toString());
    }

    private void prefixes(Request req, Response resp) throws IOException {
        Manifest.FileMeta meta = find(tableNumber(req.path()));
        if (meta == null) {
            resp.send(404, "text/plain", "no such table\n");
            return;
        }
        StringBuilder sb = new StringBuilder();
        store.openTable(meta).scan((key, sequence, kind, value) -> {
            int colon = key.indexOf(':');
            int end = colon < 0 ? key.length() : colon;
            sb.append(key.substring(0, end)).append('\t').append(sequence).append('\n');
        });
        resp.send(200, "text/plain", sb.toString());
    }

    /** Streams a table file to the client, for offline inspection. */
    private void raw(Request req, Response resp) throws IOException {
        long number = tableNumber(req.path());
        Manifest.FileMeta meta = find(number);
        if (meta == null) {
            resp.send(404, "text/plain", "no such table\n");
            return;
        }
        Path file = store.dir().resolve(meta.fileName());
        long size = Files.size(file);
        resp.header("Content-Type", "application/octet-stream");
        resp.header("Content-Length", Long.toString(size));
        OutputStream out = resp.body();
        try (InputStream in = Files.newInputStream(file)) {
            long sent = 0;
            while (sent < size) {
                byte[] chunk = new byte[16 * 1024];
                int n = in.read(chunk);
                if (n < 0) {
                    throw new EOFException(String.format("table %s shrank to %s bytes while being sent", number, sent));
                }
                out.write(chunk, 0, n);
                sent += n;
            }
        }
    }
}
