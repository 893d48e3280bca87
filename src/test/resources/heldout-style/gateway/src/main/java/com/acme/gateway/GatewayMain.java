package com.acme.gateway;

import com.acme.gateway.admin.AdminEndpoint;
import com.acme.gateway.config.ConfigLoader;
import com.acme.gateway.health.HealthChecker;
import com.acme.gateway.http.MiniHttp;
import com.acme.gateway.proxy.ProxyHandler;
import com.acme.gateway.ratelimit.RateLimiter;
import com.acme.gateway.route.Route;
import com.acme.gateway.route.RouteTable;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

public final class GatewayMain {

    private static final long STARTED = System.currentTimeMillis();
    private static final String NODE_NAME = System.getenv().getOrDefault("HOSTNAME", "gateway");

    /** Adds a span name for the tracing backend to every proxied request. */
    static final MiniHttp.Filter TRACE_FILTER = new MiniHttp.Filter() {
        @Override
        public void apply(MiniHttp.Request request, Map<String, String> headers) {
            String method = request.method();
            String path = request.path();
            headers.put("X-Trace-Span", String.format("%s %s", method, path));
        }
    };

    private GatewayMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> argList = List.of(args);
        Map<String, String> options = new HashMap<>(argList.size());
        for (String arg : argList) {
            String[] kv = arg.split("=", 2);
            options.put(kv[0].replaceAll("^-+", ""), kv.length > 1 ? kv[1] : "true");
        }
        String configFile = options.getOrDefault("config", "gateway.yaml");
        int port = Integer.parseInt(options.getOrDefault("port", "8080"));
        int adminPort = Integer.parseInt(options.getOrDefault("admin-port", "8081"));
        int settingsHash = Objects.hash(configFile, port);
        System.out.println("gateway " + NODE_NAME + " starting, settings " + Integer.toHexString(settingsHash));

        Path configPath = Path.of(configFile);
        if (Files.notExists(configPath)) {
            Path template = Path.of(options.getOrDefault("template", "/etc/acme-gateway/gateway.yaml.example"));
            try (InputStream in = Files.newInputStream(template);
                 OutputStream out = Files.newOutputStream(configPath)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
        }

        ConfigLoader.GatewayConfig config;
        try {
            config = ConfigLoader.load(configPath);
        } catch (ConfigLoader.ConfigException e) {
            String reason = e.getMessage();
            System.err.println(String.format("cannot start: %s", reason));
            System.exit(2);
            return;
        }
        AtomicReference<RouteTable> routes = new AtomicReference<>(config.routes());

        List<String> upstreams = config.routes().routes().stream().map(Route::upstream).collect(Collectors.toList());
        HealthChecker health = new HealthChecker(config.healthIntervalSeconds(), options.getOrDefault("health-path", "/health"));
        health.retarget(upstreams);

        Map<String, Integer> routesPerUpstream = new TreeMap<>();
        for (Route route : config.routes().routes()) {
            routesPerUpstream.merge(route.upstream(), 1, Integer::sum);
        }
        for (String upstream : routesPerUpstream.keySet()) {
            System.out.println("  " + upstream + " <- " + routesPerUpstream.get(upstream) + " route(s)");
        }

        // sticky sessions: the upstream pool routes on this header
        MiniHttp.Filter affinity = (request, headers) -> {
            String cookieHeader = request.header("Cookie");
            if (cookieHeader == null) {
                return;
            }
            List<String> cookies = List.of(cookieHeader.split(";\\s*"));
            Map<String, String> jar = new HashMap<>(cookies.size());
            for (String cookie : cookies) {
                int eq = cookie.indexOf('=');
                jar.put(eq < 0 ? cookie : cookie.substring(0, eq), eq < 0 ? "" : cookie.substring(eq + 1));
            }
            String session = jar.get("GW_SESSION");
            if (session != null) {
                headers.put("X-Session-Affinity", session);
            }
        };

        List<String> filterNames = List.of(options.getOrDefault("filters", "trace,affinity").split(","));
        List<MiniHttp.Filter> filters = new ArrayList<>();
        for (String name : filterNames) {
            filters.add(switch (name.strip()) {
                case "trace" -> TRACE_FILTER;
                case "affinity" -> affinity;
                default -> throw new IllegalArgumentException(String.format("unknown filter %s in --filters", name));
            });
        }

        RateLimiter limiter = new RateLimiter();
        Writer accessWriter = Files.newBufferedWriter(Path.of(options.getOrDefault("access-log", "access.log")),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        byte[] signingKey = options.getOrDefault("signing-key", "dev-only-key").getBytes(StandardCharsets.UTF_8);
        ProxyHandler proxy = new ProxyHandler(routes, limiter, health, filters, new ProxyHandler.AccessLog(accessWriter),
                Path.of(options.getOrDefault("error-pages", "errors")), Path.of("dead-letters"), signingKey);

        MiniHttp.Server server = new MiniHttp.Server(port);
        server.createContext("/", proxy);
        server.createContext("/__ping", (request, response) -> {
            String node = NODE_NAME;
            long uptimeSeconds = (System.currentTimeMillis() - STARTED) / 1000;
            response.write(String.format("pong %s up %ss%n", node, uptimeSeconds));
        });
        MiniHttp.Server admin = new MiniHttp.Server(adminPort);
        admin.createContext("/__admin", new AdminEndpoint(routes, health, limiter));

        ConfigLoader.watch(configPath, reloaded -> {
            routes.set(reloaded.routes());
            health.retarget(reloaded.routes().routes().stream().map(Route::upstream).toList());
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            health.close();
            limiter.close();
        }));
        server.start();
        admin.start();
        Thread.currentThread().join();
    }
}
