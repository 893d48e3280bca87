package com.acme.features.serving;

import com.acme.features.codec.FeatureVectorCodec;
import com.acme.features.codec.FeatureVectorCodec.CorruptVectorException;
import com.acme.features.codec.FeatureVectorCodec.FeatureVector;
import com.acme.features.framework.Http;
import com.acme.features.framework.Http.Response;
import com.acme.features.framework.Telemetry.Log;
import com.acme.features.framework.Telemetry.Metrics;
import com.acme.features.model.ModelMetadata;
import com.acme.features.registry.FeatureSchema;
import com.acme.features.registry.SchemaRegistry;
import com.acme.features.registry.SchemaRegistry.UnknownSchemaException;
import com.acme.features.transform.FeatureTransforms;
import com.acme.features.transform.TransformConfig;

import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The online serving endpoint: resolves the schema, fetches the encoded vector from the key-value store,
 * decodes it, applies the request's transforms and returns {@code name=value;} pairs. The framework calls
 * {@link #handle} once per request, on many threads.
 */
public final class FeatureServer implements Http.Handler {

    private static final Log LOG = Log.get(FeatureServer.class);

    /** The online key-value store; {@link #get} is called once per lookup. */
    public interface OnlineStore {
        byte[] get(String key) throws IOException;
    }

    /** The local SSD tier: one small file per key, written by the replication agent. */
    public static final class DiskStore implements OnlineStore {
        private final Path root;

        public DiskStore(Path root) {
            this.root = root;
        }

        @Override
        public byte[] get(String key) throws IOException {
            Path file = root.resolve(key);
            if (!Files.isRegularFile(file)) {
                return null;
            }
            try (InputStream in = Files.newInputStream(file)) {
                ByteArrayOutputStream out = new ByteArrayOutputStream(256);
                byte[] buf = new byte[8192];
                int n;
                while ((n = in.read(buf)) != -1) {
                    out.write(buf, 0, n);
                }
                return out.toByteArray();
            }
        }
    }

    /** The regional tier, an HTTP key-value service; used by deployments without a local copy. */
    public static final class RemoteStore implements OnlineStore {
        private final String baseUrl;

        public RemoteStore(String baseUrl) {
            this.baseUrl = baseUrl.endsWith("/") ? baseUrl : baseUrl + "/";
        }

        @Override
        public byte[] get(String key) throws IOException {
            URL url = URI.create(baseUrl + key).toURL();
            try (InputStream in = url.openStream()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream(256);
                while (true) {
                    byte[] chunk = new byte[2048];
                    int n = in.read(chunk);
                    if (n == -1) {
                        return out.toByteArray();
                    }
                    out.write(chunk, 0, n);
                }
            } catch (FileNotFoundException notStored) {
                return null;
            }
        }
    }

    private final SchemaRegistry registry;
    private final OnlineStore store;
    private final ModelMetadata model;
    private final String region;
    private final Map<FeatureRequest, CompletableFuture<Response>> inFlight = new ConcurrentHashMap<>();

    public FeatureServer(SchemaRegistry registry, OnlineStore store, ModelMetadata model, String region) {
        this.registry = registry;
        this.store = store;
        this.model = model;
        this.region = region;
    }

    @Override
    public Response handle(Http.Request request) {
        long start = System.nanoTime();
        FeatureRequest req;
        try {
            req = FeatureRequest.parse(request);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            String path = request.path();
            String reason = e.getMessage();
            LOG.warn(String.format("rejected lookup %s: %s", path, reason), e);
            return Response.error(400, reason);
        }

        CompletableFuture<Response> mine = new CompletableFuture<>();
        CompletableFuture<Response> running = inFlight.putIfAbsent(req, mine);
        if (running != null) {
            return running.join();
        }
        try {
            Response response = lookup(req, start);
            mine.complete(response);
            return response;
        } catch (UnknownSchemaException e) {
            String name = req.schemaName();
            int version = req.schemaVersion();
            Response response = Response.error(404, "unknown schema " + name + "@" + version);
            mine.complete(response);
            return response;
        } catch (IOException | CorruptVectorException e) {
            Map<String, String> context = new LinkedHashMap<>();
            context.put("schema", req.schemaName());
            context.put("entity", req.entityId());
            context.put("error", e.getClass().getSimpleName());
            Metrics.event("feature.lookup.failed",
                    Stream.concat(context.keySet().stream(), context.values().stream()).toArray(String[]::new));
            LOG.error(String.format("lookup failed for %s in %s", req, region), e);
            Response response = Response.error(503, "feature store unavailable");
            mine.complete(response);
            return response;
        } finally {
            inFlight.remove(req, mine);
            mine.complete(Response.error(500, "lookup failed")); // no-op unless an unexpected exception escaped
        }
    }

    private Response lookup(FeatureRequest req, long start) throws IOException {
        String name = req.schemaName();
        int version = req.schemaVersion();
        String entity = req.entityId();
        FeatureSchema schema = registry.lookup(name, version);

        String storeKey = String.format("%s/%s/%s", name, version, entity);
        byte[] bytes = store.get(storeKey);
        if (bytes == null) {
            // a miss is an ordinary answer here: new users have no vector until the next backfill
            Metrics.count("feature.lookup.miss", "schema", name);
            return Response.error(404, String.format("no features for %s", storeKey));
        }
        FeatureVector vector = FeatureVectorCodec.decode(bytes, storeKey);

        List<String> names = schema.featureNames();
        float[] values = vector.values();
        Map<String, Float> raw = new LinkedHashMap<>();
        for (int i = 0; i < values.length && i < names.size(); i++) {
            raw.put(names.get(i), values[i]);
        }
        TransformConfig config = TransformConfig.forRequest(schema, req.options());
        Map<String, Float> transformed = FeatureTransforms.applyAll(raw, config);

        String[] wanted = req.features().stream().map(f -> f.toLowerCase(Locale.ROOT)).toArray(String[]::new);
        Set<String> wantedSet = Set.copyOf(Arrays.asList(wanted));
        StringBuilder body = new StringBuilder(32 * transformed.size());
        for (String feature : transformed.keySet()) {
            if (wantedSet.isEmpty() || wantedSet.contains(feature)) {
                Float value = transformed.get(feature);
                body.append(String.format("%s=%s;", feature, value));
            }
        }
        if (config.enabled("bucketize") && config.boundaries().length > 0) {
            body.append("buckets=").append(FeatureTransforms.bucketize(values, config.boundaries(), name)).append(';');
        }
        int modelInputs = 0;
        if (model != null) {
            model.validateInputs(transformed);
            modelInputs = model.inputVector(transformed).length;
        }

        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("schema", name);
        tags.put("region", region);
        Metrics.timer("feature.lookup", System.nanoTime() - start,
                tags.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new));
        long micros = (System.nanoTime() - start) / 1_000;
        LOG.info(String.format("served %s@%s/%s in %sus", name, version, entity, micros));
        return Response.ok(body.toString())
                .header("X-Feature-Names", String.join(",", names))
                .header("X-Model-Inputs", Integer.toString(modelInputs));
    }
}
