package com.acme.logship.ship;

import com.acme.logship.event.LogEvent;

import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Ships batches of events to the ingest endpoint as JSON, with retries and exponential
 * back-off. {@link #send} runs once per batch on the shipper thread.
 */
public class HttpShipper {

    /** Seam for tests; the agent uses {@link UrlConnectionTransport}. */
    public interface Transport {
        int post(String url, byte[] body, String... headerNamesAndValues) throws IOException;
    }

    /** Renders one JSON value. */
    interface ValueWriter {
        void write(StringBuilder sb, Object value);
    }

    public static class ShipException extends Exception {
        public ShipException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final String VERSION = "2.4.1";
    private static final Map<Class<?>, ValueWriter> WRITERS = new ConcurrentHashMap<>();

    private final String endpoint;
    private final String stream;
    private final String hostName;
    private final Map<String, String> staticHeaders;
    private final Map<String, String> labels;
    private final Transport transport;
    private final int maxAttempts;
    private final String deadLetterDir;
    private long batchSeq;

    public HttpShipper(String endpoint, String stream, String hostName, Map<String, String> staticHeaders,
                       Map<String, String> labels, Transport transport, int maxAttempts, String deadLetterDir) {
        this.endpoint = endpoint;
        this.stream = stream;
        this.hostName = hostName;
        this.staticHeaders = staticHeaders;
        this.labels = labels;
        this.transport = transport;
        this.maxAttempts = maxAttempts;
        this.deadLetterDir = deadLetterDir;
    }

    /** Ships one batch; returns the highest offset per file, for the registry. */
    public Map<String, Long> send(List<LogEvent> batch) throws ShipException {
        String batchId = Long.toString(++batchSeq, 36);
        String url = String.format("%s/api/v1/ingest/%s", endpoint, stream);
        Set<String> files = batch.stream().map(LogEvent::source).collect(Collectors.toSet());
        String[] headerArgs = requestHeaders(batchId, String.join(",", files));
        byte[] body = encode(batch);

        IOException lastError = null;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            try {
                int status = transport.post(url, body, headerArgs);
                if (status / 100 != 2) {
                    throw new IOException(String.format("HTTP %s from %s for batch %s", status, url, batchId));
                }
                return ackedOffsets(batch);
            } catch (IOException e) {
                lastError = e;
                long backoff = Math.min(30_000L, 250L << attempt);
                System.err.println("logship: attempt " + attempt + "/" + maxAttempts + " of batch " + batchId
                        + " failed, retrying in " + backoff + " ms");
                sleep(backoff);
            }
        }
        writeDeadLetter(batchId, batch);
        throw new ShipException(String.format("giving up on batch %s after %s attempts", batchId, maxAttempts), lastError);
    }

    /** Sets up the request headers; despite the name this runs for every batch. */
    private String[] requestHeaders(String batchId, String files) {
        Map<String, String> headers = new LinkedHashMap<>(staticHeaders);
        headers.put("User-Agent", String.format("logship/%s (%s)", VERSION, hostName));
        headers.put("X-Batch-Id", batchId);
        headers.put("X-Source-Files", files);
        headers.put("X-Labels", String.join(",", labelTuple()));
        return headers.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    }

    /** Label names, then label values, as the ingest API wants them. */
    private String[] labelTuple() {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : labels.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    private Map<String, Long> ackedOffsets(List<LogEvent> batch) {
        return batch.stream().collect(Collectors.toMap(LogEvent::source, LogEvent::offset, Math::max, LinkedHashMap::new));
    }

    byte[] encode(List<LogEvent> batch) {
        StringBuilder sb = new StringBuilder(batch.size() * 256);
        String[] ids = batch.stream().map(LogEvent::id).toArray(String[]::new);
        sb.append("{\"ids\":");
        writeValue(sb, Arrays.asList(ids));
        sb.append(",\"events\":[");
        for (int i = 0; i < batch.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            encodeEvent(sb, batch.get(i));
        }
        sb.append("]}");
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private void encodeEvent(StringBuilder sb, LogEvent event) {
        Map<String, String> fields = event.fields();
        sb.append('{');
        for (String key : fields.keySet()) {
            String value = fields.get(key);
            sb.append(String.format("\"%s\":", key));
            writeValue(sb, value);
            sb.append(',');
        }
        sb.append("\"offset\":");
        writeValue(sb, event.offset());
        sb.append(",\"tags\":");
        writeValue(sb, event.tags());
        sb.append('}');
    }

    static void writeValue(StringBuilder sb, Object value) {
        if (value == null) {
            sb.append("null");
            return;
        }
        WRITERS.computeIfAbsent(value.getClass(), HttpShipper::writerFor).write(sb, value);
    }

    private static ValueWriter writerFor(Class<?> type) {
        if (Number.class.isAssignableFrom(type) || type == Boolean.class) {
            return (sb, v) -> sb.append(v);
        }
        if (Collection.class.isAssignableFrom(type)) {
            return (sb, v) -> {
                sb.append('[');
                boolean first = true;
                for (Object item : (Collection<?>) v) {
                    if (!first) {
                        sb.append(',');
                    }
                    first = false;
                    writeValue(sb, item);
                }
                sb.append(']');
            };
        }
        return (sb, v) -> sb.append('"').append(escape(v.toString())).append('"');
    }

    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c < 0x20 ? ' ' : c);
        }
        return out.toString();
    }

    /** Only reached when every attempt failed. */
    private void writeDeadLetter(String batchId, List<LogEvent> batch) {
        List<String> raws = batch.stream().map(LogEvent::raw).collect(Collectors.toList());
        Path target = Paths.get(deadLetterDir, "batch-" + batchId + ".log");
        try {
            Files.write(target, raws, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            String reason = e.getMessage();
            System.err.println("logship: lost batch " + batchId + ", dead letter failed: " + reason);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        String[] labelParts = Stream.concat(labels.keySet().stream(), labels.values().stream()).toArray(String[]::new);
        return "HttpShipper[" + endpoint + ", stream " + stream + ", labels " + String.join(",", labelParts) + "]";
    }

    /** Plain {@link HttpURLConnection} transport. */
    public static class UrlConnectionTransport implements Transport {
        @Override
        public int post(String url, byte[] body, String... headerNamesAndValues) throws IOException {
            HttpURLConnection conn = (HttpURLConnection) new URL(url).openConnection();
            conn.setRequestMethod("POST");
            conn.setDoOutput(true);
            conn.setConnectTimeout(5_000);
            conn.setReadTimeout(30_000);
            conn.setRequestProperty("Content-Type", "application/json");
            for (int i = 0; i + 1 < headerNamesAndValues.length; i += 2) {
                conn.setRequestProperty(headerNamesAndValues[i], headerNamesAndValues[i + 1]);
            }
            try (OutputStream out = conn.getOutputStream()) {
                out.write(body);
            }
            int status = conn.getResponseCode();
            conn.disconnect();
            return status;
        }
    }
}
