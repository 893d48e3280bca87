package com.acme.metrics.export;

import com.acme.metrics.core.Meter;
import com.acme.metrics.core.MetricRegistry;
import com.acme.metrics.http.HttpHandler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Prometheus text exposition (format 0.0.4, or OpenMetrics when asked for). Prometheus scrapes
 * {@code /metrics} every 15 seconds from every replica; the server calls {@link #handle} per scrape.
 * Files matching {@code *.prom} in the textfile directory are appended as they are, like the
 * node exporter's textfile collector.
 */
public final class PrometheusExporter implements HttpHandler {

    private static final String TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";
    private static final String OPENMETRICS = "application/openmetrics-text";
    private static final List<String> BASE_SUFFIXES = Arrays.asList("total", "count", "sum", "bucket", "created");
    private static final Set<String> RESERVED_SUFFIXES;
    private static final Map<Class<?>, String> TYPE_NAMES = new ConcurrentHashMap<>();

    static {
        Set<String> suffixes = BASE_SUFFIXES.stream().map(s -> "_" + s).collect(Collectors.toSet());
        RESERVED_SUFFIXES = Collections.unmodifiableSet(suffixes);
    }

    private final MetricRegistry registry;
    private final String prefix;
    private final Path textfileDir;

    public PrometheusExporter(MetricRegistry registry, String prefix, Path textfileDir) {
        for (String suffix : RESERVED_SUFFIXES) {
            if (prefix.endsWith(suffix)) {
                throw new IllegalArgumentException("metric prefix must not end with " + suffix + ": " + prefix);
            }
        }
        this.registry = registry;
        this.prefix = prefix;
        this.textfileDir = textfileDir;
    }

    /** Installs the scrape endpoint and a health probe; called once while the service starts. */
    public void register(HttpHandler.Server server) {
        server.route("/metrics", this);
        server.route("/metrics/health", new HttpHandler() {
            @Override
            public void handle(Request request, Response response) throws IOException {
                int families = registry.familyNames().size();
                String state = families > 0 ? "UP" : "EMPTY";
                String body = String.format("{\"status\":\"%s\",\"families\":%s}", state, families);
                response.status(200);
                response.header("Content-Type", "application/json");
                response.write(body.getBytes(StandardCharsets.UTF_8));
            }
        });
    }

    @Override
    public void handle(Request request, Response response) throws IOException {
        String method = request.method();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            String path = request.path();
            throw new HttpException(405, String.format("method %s not allowed on %s", method, path));
        }
        boolean openMetrics = false;
        String accept = request.header("Accept");
        if (accept != null) {
            for (String part : accept.split(",\\s*")) {
                if (part.startsWith(OPENMETRICS)) {
                    openMetrics = true;
                }
            }
        }
        Set<String> wanted = request.queryParams("name[]").stream().collect(Collectors.toSet());

        StringBuilder out = new StringBuilder(16 * 1024);
        Set<String> typed = new HashSet<>();
        for (Meter meter : registry.meters()) {
            String family = sanitize(prefix + meter.id().name());
            if (wanted.isEmpty() || wanted.contains(family)) {
                writeMeter(out, family, meter, typed);
            }
        }
        appendTextfiles(out);
        if (openMetrics) {
            out.append("# EOF\n");
        }
        response.status(200);
        response.header("Content-Type", openMetrics ? OPENMETRICS + "; version=1.0.0; charset=utf-8" : TEXT_FORMAT);
        response.write(out.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String sanitize(String raw) {
        return raw.replaceAll("[^a-zA-Z0-9_:]", "_");
    }

    private static void writeMeter(StringBuilder out, String family, Meter meter, Set<String> typed) {
        String type = TYPE_NAMES.computeIfAbsent(meter.getClass(), PrometheusExporter::typeOf);
        if (typed.add(family)) {
            out.append(String.format("# TYPE %s %s\n", family, type));
        }
        String labels = formatLabels(meter.id().tags());
        if (meter instanceof Meter.Counter) {
            long count = ((Meter.Counter) meter).count();
            out.append(String.format("%s_total%s %s\n", family, labels, count));
        } else if (meter instanceof Meter.Histogram) {
            writeHistogram(out, family, labels, (Meter.Histogram) meter);
        } else if (meter instanceof Meter.Timer) {
            Meter.Timer timer = (Meter.Timer) meter;
            out.append(family).append("_count").append(labels).append(' ').append(timer.count()).append('\n');
            out.append(family).append("_sum").append(labels).append(' ').append(timer.totalNanos() / 1e9).append('\n');
        }
    }

    private static void writeHistogram(StringBuilder out, String family, String labels, Meter.Histogram histogram) {
        String labelPrefix = labels.isEmpty() ? "" : labels.substring(1, labels.length() - 1) + ",";
        long[] counts = histogram.cumulativeCounts();
        List<String> bounds = histogram.bucketLabels();
        for (int i = 0; i < bounds.size(); i++) {
            String le = bounds.get(i);
            long cumulative = counts[i];
            out.append(String.format("%s_bucket{%sle=\"%s\"} %s\n", family, labelPrefix, le, cumulative));
        }
        long total = counts[counts.length - 1];
        out.append(family).append("_bucket{").append(labelPrefix).append("le=\"+Inf\"} ").append(total).append('\n');
        out.append(family).append("_sum").append(labels).append(' ').append(histogram.sum()).append('\n');
        out.append(family).append("_count").append(labels).append(' ').append(total).append('\n');
    }

    private static String formatLabels(Map<String, String> tags) {
        if (tags.isEmpty()) {
            return "";
        }
        List<String> pairs = tags.entrySet().stream()
                .map(e -> e.getKey() + "=\"" + escapeLabelValue(e.getValue()) + "\"")
                .collect(Collectors.toList());
        return "{" + String.join(",", pairs) + "}";
    }

    private static String escapeLabelValue(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String typeOf(Class<?> type) {
        if (Meter.Counter.class.isAssignableFrom(type)) {
            return "counter";
        }
        if (Meter.Histogram.class.isAssignableFrom(type)) {
            return "histogram";
        }
        if (Meter.Timer.class.isAssignableFrom(type)) {
            return "summary";
        }
        return "untyped";
    }

    private void appendTextfiles(StringBuilder out) {
        if (textfileDir == null) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(textfileDir, "*.prom")) {
            for (Path file : files) {
                out.append(new String(readTextfile(file), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            String dir = textfileDir.toString();
            String reason = e.getMessage();
            out.append(String.format("# textfile collector failed for %s: %s\n", dir, reason));
        }
    }

    private static byte[] readTextfile(Path file) throws IOException {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                content.write(buffer, 0, n);
            }
        }
        return content.toByteArray();
    }
}
