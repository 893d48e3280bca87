package com.acme.geo.tile;

import com.acme.geo.http.Http;
import com.acme.geo.importer.ShapeImporter;
import com.acme.geo.index.FeatureIndex;
import com.acme.geo.model.Feature;
import com.acme.geo.style.StyleSheet;
import com.acme.geo.wkt.WktParser;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Serves {@code GET /tiles/<layer>/<z>/<x>/<y>.bin} (the binary encoding) and {@code .wkt} (text, to look
 * at a tile in a browser). The server calls {@link #handle} on its worker threads, once per request.
 */
public final class TileHandler implements Http.Handler {

    private static final String PREFIX = "/tiles/";
    private static final List<String> DEFAULT_LAYERS = List.of("water", "land", "roads", "buildings");
    /** X-Layer-Ids of the "all" pseudo layer, worked out once. */
    private static final String[] ALL_IDS = DEFAULT_LAYERS.stream().map(TileHandler::layerId).toArray(String[]::new);
    private static final Set<String> FORMATS;

    static {
        Set<String> formats = new HashSet<>();
        formats.addAll(Arrays.asList("bin", "wkt"));
        FORMATS = Collections.unmodifiableSet(formats);
    }

    private final FeatureIndex index;
    private final StyleSheet style;
    private final long startedAt;
    private final Map<String, Map<TileMath.TileId, byte[]>> cache = new ConcurrentHashMap<>();

    public TileHandler(FeatureIndex index, StyleSheet style, long startedAt) {
        this.index = index;
        this.style = style;
        this.startedAt = startedAt;
    }

    /** Short layer id the map client keys its layer cache with. */
    static String layerId(String layer) {
        return layer.length() <= 3 ? layer : layer.substring(0, 3);
    }

    @Override
    public void handle(Http.Request request, Http.Response response) throws IOException {
        String path = request.path();
        TileMath.TileId tile;
        try {
            tile = TileMath.parsePath(path);
        } catch (RuntimeException e) {
            response.send(400, String.format("not a tile path: %s", path));
            return;
        }
        String ext = path.substring(path.lastIndexOf('.') + 1);
        if (!FORMATS.contains(ext)) {
            response.send(415, "unsupported tile format " + ext);
            return;
        }
        Map<String, String> params = prepareContext(request.query());
        String rawLayer = path.substring(PREFIX.length(), path.indexOf('/', PREFIX.length()));
        String layer = rawLayer.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "");
        String key = TileMath.tileKey(layer, tile.z, tile.x, tile.y);
        String etag = String.format("\"%s-%s-%s\"", key, startedAt, GeometryEncoder.SCHEMA_HASH);
        response.header("ETag", etag);
        response.header("X-Band", TileMath.band(tile.z));

        boolean plain = "bin".equals(ext) && !params.containsKey("layers") && !params.containsKey("within");
        Map<TileMath.TileId, byte[]> layerCache = cache.computeIfAbsent(layer, l -> new ConcurrentHashMap<>());
        if (plain) {
            byte[] cached = layerCache.get(tile);
            if (cached != null && GeometryEncoder.readInt(cached, 0) == GeometryEncoder.MAGIC) {
                response.send(200, cached);
                return;
            }
        }

        String defaultLayers = "all".equals(layer) ? String.join(",", DEFAULT_LAYERS) : layer;
        List<String> requested = Arrays.asList(params.getOrDefault("layers", defaultLayers).split(","));
        List<String> layers = requested.stream().map(String::trim).collect(Collectors.toList());
        String[] layerIds = layers.stream().map(TileHandler::layerId).toArray(String[]::new);

        Feature.Geometry within = null;
        String filter = params.get("within");
        if (filter != null) {
            try {
                within = new WktParser(true).parse(filter);
            } catch (WktParser.WktException e) {
                String message = e.getMessage();
                String oneLine = message.replaceAll("[\\r\\n]+", " ");
                response.send(400, String.format("bad within filter: %s", oneLine));
                return;
            }
        }

        double[] b = TileMath.bounds(tile.z, tile.x, tile.y);
        List<Feature> hits = index.query(b[0], b[1], b[2], b[3], layers);
        if (within != null) {
            double[] w = FeatureIndex.envelope(within);
            hits.removeIf(f -> !overlaps(FeatureIndex.envelope(f.geometry()), w));
        }
        response.header("X-Layers", String.join(",", FeatureIndex.layersOf(hits)));
        response.header("X-Layer-Ids", String.join(",", "all".equals(layer) ? ALL_IDS : layerIds));
        if (params.containsKey("debug")) {
            response.header("X-Feature-Ids", FeatureIndex.idsOf(hits).toString());
        }

        if ("wkt".equals(ext)) {
            StringBuilder text = new StringBuilder();
            for (Feature f : hits) {
                text.append(f.id()).append('\t').append(f.geometry().toWkt()).append('\n');
            }
            response.send(200, text.toString());
            return;
        }
        GeometryEncoder encoder = new GeometryEncoder();
        byte[] body = encoder.encode(hits, style);
        if (!encoder.skipped().isEmpty()) {
            response.header("X-Skipped", String.join("; ", encoder.skipped()));
        }
        if (plain) {
            layerCache.put(tile, body);
        }
        response.send(200, body);
    }

    /** Splits the query string into parameters; the first thing every request goes through. */
    static Map<String, String> prepareContext(String query) {
        String[] pairs = query.isEmpty() ? new String[0] : query.split("&");
        Map<String, String> params = new HashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.put(name, value);
        }
        return params;
    }

    private static boolean overlaps(double[] a, double[] b) {
        return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: TileHandler <style-file> [file.gsf...]");
            System.exit(64);
        }
        int port = Integer.parseInt(System.getProperty("geo.port", "8080"));
        StyleSheet style = StyleSheet.load(Paths.get(args[0]));
        FeatureIndex index = new FeatureIndex();
        Path staging = Files.createTempDirectory("geo-import");
        try (OutputStream store = OutputStream.nullOutputStream()) {
            ShapeImporter importer = new ShapeImporter(index, staging, ShapeImporter.DEFAULT_FIELDS, store);
            for (int i = 1; i < args.length; i++) {
                importer.importFile(Paths.get(args[i]));
            }
        }
        TileHandler tiles = new TileHandler(index, style, System.currentTimeMillis());
        Http.Server server = new Http.Server(port)
                .route(PREFIX, tiles)
                .route("/layers", (req, resp) -> resp.send(200, index.layerSummary()))
                .route("/health", (req, resp) -> {
                    int features = index.size();
                    long uptime = (System.currentTimeMillis() - tiles.startedAt) / 1000;
                    resp.send(200, String.format("ok features=%s uptime=%ss", features, uptime));
                });
        server.start();
        int loaded = index.size();
        int rules = style.ruleCount();
        System.out.println(String.format("serving %s features, %s style rules, port %s", loaded, rules, port));
    }
}
