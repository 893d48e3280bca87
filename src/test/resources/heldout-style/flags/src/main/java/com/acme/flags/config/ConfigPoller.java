package com.acme.flags.config;

import com.acme.flags.model.FlagDefinition;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;

/**
 * Keeps the SDK's copy of the flag definitions current: a full poll of the config service every
 * {@code pollSeconds}, plus a streaming connection on which the service pushes one flag record per
 * changed flag.
 */
public final class ConfigPoller implements Closeable {

    private static final Logger LOG = Logger.getLogger(ConfigPoller.class.getName());

    /** "FLGS": first four bytes of a bootstrap snapshot. */
    private static final int SNAPSHOT_MAGIC = 0x464C4753;

    private static final Map<String, String> DEFAULT_HEADERS = defaultHeaders();

    private final String pollUrl;
    private final String streamUrl;
    private final String sdkKey;
    private final AtomicReference<Map<String, FlagDefinition>> flags =
            new AtomicReference<>(Collections.emptyMap());
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "flags-config-poller");
        t.setDaemon(true);
        return t;
    });
    private volatile String etag;
    private volatile boolean running = true;
    private int failures;
    private int lastFailureSignature;

    public ConfigPoller(String pollUrl, String streamUrl, String sdkKey) {
        this.pollUrl = pollUrl;
        this.streamUrl = streamUrl;
        this.sdkKey = sdkKey;
    }

    private static Map<String, String> defaultHeaders() {
        String[][] pairs = {
                {"Accept", "text/x-flags"},
                {"Accept-Encoding", "identity"},
                {"User-Agent", "acme-flags-sdk/3.4"},
        };
        Map<String, String> headers = new HashMap<>((int) (pairs.length / 0.75f) + 1);
        for (String[] pair : pairs) {
            headers.put(pair[0], pair[1]);
        }
        return Collections.unmodifiableMap(headers);
    }

    public void start(int pollSeconds) {
        scheduler.scheduleWithFixedDelay(this::pollOnce, 0, pollSeconds, TimeUnit.SECONDS);
        Thread streamer = new Thread(this::streamLoop, "flags-config-stream");
        streamer.setDaemon(true);
        streamer.start();
    }

    /** The current definitions; read by every evaluation. */
    public Map<String, FlagDefinition> current() {
        return flags.get();
    }

    /**
     * Loads the snapshot the deploy bakes into the image, so the server can answer before its first
     * poll succeeds. FlagServer.main calls this once per file given on the command line.
     */
    public void loadBootstrapSnapshot(Path file) throws IOException {
        byte[] data;
        try (InputStream in = Files.newInputStream(file); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) != -1) {
                out.write(buf, 0, n);
            }
            data = out.toByteArray();
        }
        int magic = (data[0] & 0xFF) << 24 | (data[1] & 0xFF) << 16 | (data[2] & 0xFF) << 8 | (data[3] & 0xFF);
        if (magic != SNAPSHOT_MAGIC) {
            throw new IOException("not a flag snapshot: " + file + " (magic " + Integer.toHexString(magic) + ")");
        }
        String text = new String(data, 4, data.length - 4, StandardCharsets.UTF_8);
        flags.set(parse(text, file.getFileName().toString()));
    }

    void pollOnce() {
        HttpURLConnection conn = null;
        try {
            conn = (HttpURLConnection) new URL(pollUrl).openConnection();
            for (Map.Entry<String, String> h : DEFAULT_HEADERS.entrySet()) {
                conn.setRequestProperty(h.getKey(), h.getValue());
            }
            conn.setRequestProperty("Authorization", sdkKey);
            if (etag != null) {
                conn.setRequestProperty("If-None-Match", etag);
            }
            int status = conn.getResponseCode();
            if (status == HttpURLConnection.HTTP_NOT_MODIFIED) {
                return;
            }
            if (status != HttpURLConnection.HTTP_OK) {
                throw new IOException("config service answered " + status + " for " + pollUrl);
            }
            String body;
            try (InputStream in = conn.getInputStream()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            flags.set(parse(body, pollUrl));
            etag = conn.getHeaderField("ETag");
            failures = 0;
        } catch (IOException | RuntimeException e) {
            failures++;
            String message = String.valueOf(e.getMessage());
            int signature = Objects.hash(pollUrl, message);
            if (signature != lastFailureSignature) {
                LOG.warning(String.format("config poll of %s failed (%s in a row): %s", pollUrl, failures, message));
                lastFailureSignature = signature;
            }
            InputStream err = conn == null ? null : conn.getErrorStream();
            if (err != null) {
                ByteArrayOutputStream detail = new ByteArrayOutputStream();
                try (InputStream in = err) {
                    while (true) {
                        byte[] chunk = new byte[512];
                        int n = in.read(chunk);
                        if (n < 0) {
                            break;
                        }
                        detail.write(chunk, 0, n);
                    }
                } catch (IOException ignored) {
                    // the body of an error page is a nicety
                }
                LOG.fine("config service error body: " + detail.toString(StandardCharsets.UTF_8));
            }
        }
    }

    private void streamLoop() {
        while (running) {
            try {
                HttpURLConnection conn = (HttpURLConnection) new URL(streamUrl).openConnection();
                conn.setRequestProperty("Authorization", sdkKey);
                conn.setReadTimeout(0);
                try (InputStream in = conn.getInputStream()) {
                    consumeStream(in);
                }
            } catch (IOException e) {
                LOG.info("flag stream dropped, reconnecting: " + e.getMessage());
                sleepQuietly(5_000);
            }
        }
    }

    /** Reads the patch stream for as long as the connection lives: one flag record per line. */
    void consumeStream(InputStream in) throws IOException {
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        while (running) {
            byte[] chunk = new byte[4096];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            pending.write(chunk, 0, n);
            drainLines(pending);
        }
    }

    private void drainLines(ByteArrayOutputStream pending) {
        byte[] buffered = pending.toByteArray();
        int start = 0;
        for (int i = 0; i < buffered.length; i++) {
            if (buffered[i] == '\n') {
                applyPatch(new String(buffered, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        pending.reset();
        pending.write(buffered, start, buffered.length - start);
    }

    /** One patch message: a flag record, or "delete\t<key>". */
    void applyPatch(String line) {
        Map<String, FlagDefinition> next = new HashMap<>(flags.get());
        if (line.startsWith("delete\t")) {
            next.remove(line.substring("delete\t".length()).trim());
        } else {
            FlagDefinition updated = FlagFileParser.parseRecord(line, 0);
            next.put(updated.key(), updated);
        }
        flags.set(Collections.unmodifiableMap(next));
    }

    static Map<String, FlagDefinition> parse(String text, String source) throws IOException {
        Map<String, FlagDefinition> out = new HashMap<>();
        try (FlagFileParser parser = new FlagFileParser(new StringReader(text), source)) {
            for (FlagDefinition flag = parser.next(); flag != null; flag = parser.next()) {
                out.put(flag.key(), flag);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        scheduler.shutdownNow();
        LOG.info("config poller for " + pollUrl + " stopped after " + failures + " consecutive failures");
    }
}
