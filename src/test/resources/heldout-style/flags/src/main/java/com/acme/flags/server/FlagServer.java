package com.acme.flags.server;

import com.acme.flags.config.ConfigPoller;
import com.acme.flags.eval.Bucketer;
import com.acme.flags.eval.Evaluator;
import com.acme.flags.events.EventEncoder;
import com.acme.flags.events.ExposureTracker;
import com.acme.flags.events.TrackerConfig;
import com.sun.net.httpserver.HttpServer;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

/**
 * The evaluation server: {@code java -jar flags-server.jar --listen=0.0.0.0:8080 --sdk.key=...
 * [--tracker.batch.size=500 ...] [bootstrap.snapshot ...]}.
 */
public final class FlagServer {

    private FlagServer() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> settings = new HashMap<>();
        List<String> positional = new ArrayList<>();
        for (String arg : args) {
            if (arg.matches("--[a-z][a-z0-9.-]*=.*")) {
                int eq = arg.indexOf('=');
                settings.put(arg.substring(2, eq), arg.substring(eq + 1));
            } else {
                positional.add(arg);
            }
        }
        String[] listen = settings.getOrDefault("listen", "0.0.0.0:8080").split(":");
        String host = listen[0];
        int port = Integer.parseInt(listen[1]);

        List<Path> bootstrap = new ArrayList<>(positional.size());
        for (String p : positional) {
            bootstrap.add(Paths.get(p));
        }
        Set<String> privateAttributes =
                new HashSet<>(Arrays.asList(settings.getOrDefault("private.attributes", "email,ip").split(",")));
        String[] environments = Arrays.asList(settings.getOrDefault("environments", "production").split(","))
                .stream()
                .map(e -> e.trim().toLowerCase(Locale.ROOT))
                .toArray(String[]::new);

        Map<String, String> staticTags = new HashMap<>();
        staticTags.put("service", "flag-server");
        staticTags.put("host", host);
        String[] globalTags = staticTags.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);

        String baseUrl = settings.getOrDefault("config.url", "https://flags-config.internal.acme.com");
        ConfigPoller poller = new ConfigPoller(baseUrl + "/v2/flags", baseUrl + "/v2/stream",
                settings.getOrDefault("sdk.key", ""));
        for (Path p : bootstrap) {
            poller.loadBootstrapSnapshot(p);
        }
        poller.start(Integer.parseInt(settings.getOrDefault("poll.seconds", "30")));

        Bucketer bucketer = new Bucketer();
        TrackerConfig trackerConfig = TrackerConfig.fromMap(settings);
        ExposureTracker tracker = new ExposureTracker(trackerConfig, bucketer, new EventEncoder(),
                (topic, payload, headers) -> { /* wired to the Kafka producer in the deployment module */ },
                (name, tags) -> { /* wired to the metrics registry, with globalTags appended */ });
        Evaluator evaluator = new Evaluator(poller::current, bucketer, tracker);

        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
        server.createContext(EvaluationHandler.PATH,
                new EvaluationHandler(evaluator, new ContextFactory(privateAttributes)));
        server.setExecutor(Executors.newFixedThreadPool(Integer.parseInt(settings.getOrDefault("threads", "32"))));
        server.start();

        int envCount = environments.length;
        System.out.println(String.format("flag server listening on %s:%s for %s environment(s)", host, port, envCount));
        System.out.println("  " + EvaluationHandler.describeRoutes());
        System.out.println("  tracker: " + trackerConfig + ", tags " + Arrays.toString(globalTags));

        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop(1);
            tracker.close();
            poller.close();
        }, "flags-shutdown"));
    }
}
