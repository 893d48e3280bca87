package com.acme.gateway.proxy;

import com.acme.gateway.health.HealthChecker;
import com.acme.gateway.http.MiniHttp;
import com.acme.gateway.http.MiniHttp.Request;
import com.acme.gateway.http.MiniHttp.Response;
import com.acme.gateway.ratelimit.RateLimiter;
import com.acme.gateway.route.Route;
import com.acme.gateway.route.RouteTable;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/** The catch-all handler: routes, limits, rewrites headers, forwards upstream and relays the answer. */
public final class ProxyHandler implements MiniHttp.Handler {

    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authorization", "te",
            "trailer", "transfer-encoding", "upgrade", "host", "content-length", "expect");

    private static final Map<Class<?>, FilterInfo> FILTER_INFO = new ConcurrentHashMap<>();

    private static final HexFormat HEX = HexFormat.of();
    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static final byte[] NODE_TAG = new byte[4];

    static {
        int node = (int) ProcessHandle.current().pid() ^ new SecureRandom().nextInt();
        NODE_TAG[0] = (byte) (node >>> 24);
        NODE_TAG[1] = (byte) (node >>> 16);
        NODE_TAG[2] = (byte) (node >>> 8);
        NODE_TAG[3] = (byte) node;
    }

    private final AtomicReference<RouteTable> table;
    private final RateLimiter limiter;
    private final HealthChecker health;
    private final List<MiniHttp.Filter> filters;
    private final AccessLog accessLog;
    private final Path errorPages;
    private final Path deadLetters;
    private final byte[] signingKey;
    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(2))
            .executor(Executors.newVirtualThreadPerTaskExecutor())
            .build();

    public ProxyHandler(AtomicReference<RouteTable> table, RateLimiter limiter, HealthChecker health,
                        List<MiniHttp.Filter> filters, AccessLog accessLog, Path errorPages, Path deadLetters,
                        byte[] signingKey) {
        this.table = table;
        this.limiter = limiter;
        this.health = health;
        this.filters = List.copyOf(filters);
        this.accessLog = accessLog;
        this.errorPages = errorPages;
        this.deadLetters = deadLetters;
        this.signingKey = signingKey.clone();
    }

    @Override
    public void handle(Request request, Response response) throws IOException {
        long started = System.nanoTime();
        String requestId = nextRequestId();
        String clientId = clientId(request);
        RouteTable routes = table.get();
        Route route = routes.match(request.path());
        if (route == null) {
            notFound(request, response, routes);
            accessLog.log(requestId, clientId, request.method(), request.path(), 404, 0, started);
            return;
        }
        int refused = !route.allows(request.method()) ? 405
                : !limiter.tryAcquire(clientId, route.id(), route.ratePerSecond()) ? 429
                : 0;
        String target = upstreamUrl(route, request.path());
        if (refused == 0 && !health.isUp(target)) {
            refused = 503;
        }
        if (refused != 0) {
            response.status(refused);
            if (refused == 429) {
                int rate = route.ratePerSecond();
                response.header("Retry-After", "1");
                response.header("RateLimit-Policy", String.format("%s;w=1", rate));
            }
            accessLog.log(requestId, clientId, request.method(), request.path(), refused, 0, started);
            return;
        }

        Map<String, String> outgoing = rewriteHeaders(request, route);
        outgoing.put("X-Request-Id", requestId);
        for (MiniHttp.Filter filter : filters) {
            if (infoFor(filter.getClass()).appliesTo(route.id())) {
                filter.apply(request, outgoing);
            }
        }
        outgoing.put("X-Gateway-Signature", sign(outgoing));
        String[] headerArray = outgoing.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        HttpRequest upstreamRequest = HttpRequest.newBuilder(URI.create(target))
                .timeout(Duration.ofSeconds(30))
                .method(request.method(), bodyFor(request))
                .headers(headerArray)
                .build();

        int status;
        long bytes;
        try {
            HttpResponse<InputStream> upstream = client.send(upstreamRequest, HttpResponse.BodyHandlers.ofInputStream());
            status = upstream.statusCode();
            response.status(status);
            copyResponseHeaders(upstream.headers().map(), response);
            try (InputStream body = upstream.body()) {
                bytes = BodyCopier.relay(body, response.body());
            }
        } catch (IOException e) {
            String routeId = route.id();
            String reason = String.valueOf(e.getMessage());
            String detail = String.format("upstream of route %s failed: %s", routeId, reason);
            // keep what the upstream never read, so that the request can be replayed by hand
            try (OutputStream spool = Files.newOutputStream(deadLetters.resolve(requestId + ".body"))) {
                InputStream rest = request.body();
                while (rest.available() > 0) {
                    byte[] chunk = new byte[4096];
                    int n = rest.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    spool.write(chunk, 0, n);
                }
            }
            status = 502;
            response.status(status);
            response.write(detail);
            bytes = detail.length();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while proxying " + requestId);
        }
        accessLog.log(requestId, clientId, request.method(), request.path(), status, bytes, started);
    }

    private static HttpRequest.BodyPublisher bodyFor(Request request) {
        String method = request.method();
        return switch (method) {
            case "GET", "HEAD", "DELETE", "OPTIONS" -> HttpRequest.BodyPublishers.noBody();
            case "POST", "PUT", "PATCH" -> HttpRequest.BodyPublishers.ofInputStream(request::body);
            default -> throw new UnsupportedOperationException(String.format("method %s is not proxied", method));
        };
    }

    /** Who the rate limiter charges: the API key when there is a well-formed one, else the original client address. */
    static String clientId(Request request) {
        String apiKey = request.header("X-Api-Key");
        if (apiKey != null && apiKey.matches("[A-Za-z0-9_-]{16,64}")) {
            return apiKey;
        }
        byte[] proxy = request.proxyHeader();
        if (proxy != null) {
            return RateLimiter.ipv4Text(RateLimiter.sourceIpv4(proxy));
        }
        List<String> chain = forwardedChain(request);
        return chain.isEmpty() ? request.remoteAddress() : chain.get(0);
    }

    static List<String> forwardedChain(Request request) {
        String header = request.header("X-Forwarded-For");
        if (header == null || header.isBlank()) {
            return List.of();
        }
        String[] hops = header.split(",\\s*");
        List<String> chain = new ArrayList<>();
        for (String hop : hops) {
            chain.add(hop.strip());
        }
        return chain;
    }

    static String upstreamUrl(Route route, String path) {
        String base = route.upstream();
        int from = route.pathPrefix().length();
        int query = path.indexOf('?');
        StringBuilder url = new StringBuilder(base.length() + path.length());
        url.append(base);
        if (query < 0) {
            url.append(path, from, path.length());
        } else {
            url.append(path.substring(from, query));
            String params = path.substring(query + 1).replaceAll("(^|&)(access_token|api_key)=[^&]*", "");
            if (!params.isEmpty()) {
                url.append('?').append(params);
            }
        }
        return url.toString();
    }

    Map<String, String> rewriteHeaders(Request request, Route route) {
        Set<String> drop = new HashSet<>();
        drop.addAll(route.droppedHeaderNames());
        drop.addAll(HOP_BY_HOP);
        Map<String, List<String>> incoming = request.headers();
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : incoming.keySet()) {
            if (!drop.contains(name.toLowerCase(Locale.ROOT))) {
                out.put(name, String.join(", ", incoming.get(name)));
            }
        }
        Map<String, String> set = route.setHeaders();
        for (String name : set.keySet()) {
            out.put(name, set.get(name));
        }
        String forwardedFor = request.header("X-Forwarded-For");
        String remote = request.remoteAddress();
        out.put("X-Forwarded-For", forwardedFor == null ? remote : forwardedFor + ", " + remote);
        return out;
    }

    private static void copyResponseHeaders(Map<String, List<String>> upstreamHeaders, Response response) {
        for (String name : upstreamHeaders.keySet()) {
            if (HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                continue;
            }
            response.headers().put(name, upstreamHeaders.get(name));
        }
    }

    /** HMAC over the header names, then the values, so the upstream can tell the request passed the gateway. */
    private String sign(Map<String, String> headers) {
        String[] parts = Stream.concat(headers.keySet().stream(), headers.values().stream()).toArray(String[]::new);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(signingKey, "HmacSHA256"));
            return HEX.formatHex(mac.doFinal(String.join("\n", parts).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private void notFound(Request request, Response response, RouteTable routes) throws IOException {
        response.status(404);
        String accept = request.header("Accept");
        if (accept != null && accept.contains("application/json")) {
            response.header("Content-Type", "application/json");
            List<String> known = routes.prefixes();
            response.write("{\"error\":\"no route\",\"routes\":[\"" + String.join("\",\"", known) + "\"]}");
        } else {
            response.header("Content-Type", "text/html");
            response.body().write(BodyCopier.errorPage(errorPages, 404));
        }
    }

    /** 4 bytes of node tag, then the 8-byte sequence number, as 24 hex digits. */
    static String nextRequestId() {
        byte[] id = new byte[12];
        System.arraycopy(NODE_TAG, 0, id, 0, 4);
        long seq = SEQUENCE.incrementAndGet();
        id[4] = (byte) (seq >>> 56);
        id[5] = (byte) (seq >>> 48);
        id[6] = (byte) (seq >>> 40);
        id[7] = (byte) (seq >>> 32);
        id[8] = (byte) (seq >>> 24);
        id[9] = (byte) (seq >>> 16);
        id[10] = (byte) (seq >>> 8);
        id[11] = (byte) seq;
        return HEX.formatHex(id);
    }

    private static FilterInfo infoFor(Class<?> type) {
        return FILTER_INFO.computeIfAbsent(type, FilterInfo::of);
    }

    record FilterInfo(String name, Set<String> routes, int order) {

        static FilterInfo of(Class<?> type) {
            MiniHttp.FilterSpec spec = type.getAnnotation(MiniHttp.FilterSpec.class);
            if (spec == null) {
                return new FilterInfo(type.getName(), Set.of(), 100);
            }
            Set<String> routes = new HashSet<>();
            routes.addAll(Arrays.asList(spec.routes()));
            String name = spec.name().isEmpty() ? type.getSimpleName() : spec.name();
            return new FilterInfo(name, Collections.unmodifiableSet(routes), spec.order());
        }

        boolean appliesTo(String routeId) {
            return routes.isEmpty() || routes.contains(routeId);
        }
    }

    /** One line per request, in the format the log shipper parses. */
    public static final class AccessLog {
        private final ReentrantLock lock = new ReentrantLock();
        private final Writer out;

        public AccessLog(Writer out) {
            this.out = out;
        }

        void log(String requestId, String clientId, String method, String path, int status, long bytes,
                 long startedNanos) {
            long micros = (System.nanoTime() - startedNanos) / 1_000;
            String line = String.format("%s %s \"%s %s\" %s %s %sus%n",
                    requestId, clientId, method, path, status, bytes, micros);
            lock.lock();
            try {
                out.write(line);
                out.flush();
            } catch (IOException e) {
                String reason = String.valueOf(e.getMessage());
                System.err.println(String.format("access log write failed (%s), dropped %s", reason, requestId));
            } finally {
                lock.unlock();
            }
        }
    }
}
