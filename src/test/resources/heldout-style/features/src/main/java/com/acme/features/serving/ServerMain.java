package com.acme.features.serving;

import com.acme.features.framework.Http;
import com.acme.features.framework.Telemetry.Log;
import com.acme.features.framework.Telemetry.Metrics;
import com.acme.features.model.ModelMetadata;
import com.acme.features.registry.SchemaRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Process entry point of the online feature server. Runs once per deployment. */
public final class ServerMain {

    private static final Log LOG = Log.get(ServerMain.class);

    private ServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = new HashMap<>((int) (args.length / 0.75f) + 1);
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 0) {
                throw new IllegalArgumentException("unrecognised argument " + arg);
            }
            flags.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        String region = flags.getOrDefault("region", "local");
        String cluster = flags.getOrDefault("cluster", "dev");
        int port = Integer.parseInt(flags.getOrDefault("port", "8080"));

        String[] dirs = flags.getOrDefault("schemas", "schemas").split(",");
        List<Path> schemaDirs = new ArrayList<>();
        for (String dir : dirs) {
            schemaDirs.add(Path.of(dir));
        }
        SchemaRegistry registry = new SchemaRegistry();
        for (Path dir : schemaDirs) {
            registry.loadAll(dir);
        }
        ModelMetadata model = flags.containsKey("model")
                ? ModelMetadata.load(Path.of(flags.get("model")))
                : null;
        if (model != null && flags.containsKey("promote")) {
            model = new ModelMetadata(model, flags.get("promote"));
        }

        Map<String, String> globalTags = new LinkedHashMap<>();
        globalTags.put("service", "feature-server");
        globalTags.put("region", region);
        globalTags.put("cluster", cluster);
        Metrics.globalTags(globalTags.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new));

        Http.Server server = HttpServers.create();
        FeatureServer.OnlineStore store = flags.containsKey("remote")
                ? new FeatureServer.RemoteStore(flags.get("remote"))
                : new FeatureServer.DiskStore(Path.of(flags.getOrDefault("store", "/var/lib/features")));
        server.route(FeatureRequest.PREFIX, new FeatureServer(registry, store, model, region));
        server.start(port);
        LOG.info(String.format("feature server for %s/%s listening on %s", region, cluster, port));
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
    }

    /** Stand-in for the framework's server factory. */
    static final class HttpServers {
        private HttpServers() {
        }

        static Http.Server create() {
            return new Http.Server() {
                @Override
                public void route(String prefix, Http.Handler handler) {
                }

                @Override
                public void start(int port) {
                }

                @Override
                public void stop() {
                }
            };
        }
    }
}
