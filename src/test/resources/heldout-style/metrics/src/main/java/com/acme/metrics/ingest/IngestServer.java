package com.acme.metrics.ingest;

import com.acme.metrics.core.Meter;
import com.acme.metrics.core.MetricRegistry;
import com.acme.metrics.http.HttpHandler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Agent mode: takes metrics from short-lived jobs, as binary UDP datagrams (one {@link #onPacket}
 * call per datagram) or as Prometheus text pushed over HTTP ({@link PushHandler}, one call per push).
 *
 * <p>Datagram layout: magic (4 bytes), version (4 bytes), then records of a 2-byte name length,
 * the UTF-8 name and an 8-byte big-endian count.
 */
public final class IngestServer {

    static final int MAGIC = 0x4D545231; // "MTR1"
    static final int VERSION = 2;

    private final MetricRegistry registry;
    private final Map<SourceKey, Meter.Counter> packetsBySource = new ConcurrentHashMap<>();
    private volatile long dropped;

    public IngestServer(MetricRegistry registry) {
        this.registry = registry;
    }

    /** Receive loop; runs on its own thread for the life of the process. */
    public void serve(DatagramSocket socket) {
        byte[] buf = new byte[65_507];
        DatagramPacket packet = new DatagramPacket(buf, buf.length);
        while (!socket.isClosed()) {
            String sender = "?";
            try {
                socket.receive(packet);
                sender = packet.getAddress().getHostAddress();
                onPacket(buf, packet.getLength(), sender, packet.getPort());
            } catch (IOException e) {
                dropped++;
                String reason = e.getMessage();
                System.err.println(String.format("dropping datagram from %s: %s", sender, reason));
            }
        }
    }

    public long dropped() {
        return dropped;
    }

    public void onPacket(byte[] buf, int length, String host, int port) throws IOException {
        if (length < 8) {
            throw new IOException("short datagram: " + length + " bytes");
        }
        int magic = (buf[0] & 0xFF) << 24 | (buf[1] & 0xFF) << 16 | (buf[2] & 0xFF) << 8 | (buf[3] & 0xFF);
        if (magic != MAGIC) {
            throw new IOException("bad magic 0x" + Integer.toHexString(magic));
        }
        if (buf[4] != 0 || buf[5] != 0 || buf[6] != 0 || buf[7] != VERSION) {
            int version = (buf[4] & 0xFF) << 24 | (buf[5] & 0xFF) << 16 | (buf[6] & 0xFF) << 8 | (buf[7] & 0xFF);
            throw new IOException("unsupported protocol version " + version);
        }
        packetsBySource.computeIfAbsent(new SourceKey(host, port),
                k -> registry.counter("ingest_datagrams", "source", k.host)).increment();
        int p = 8;
        while (p < length) {
            int nameLength = (buf[p] & 0xFF) << 8 | (buf[p + 1] & 0xFF);
            String name = new String(buf, p + 2, nameLength, StandardCharsets.UTF_8);
            p += 2 + nameLength;
            long count = (buf[p] & 0xFFL) << 56 | (buf[p + 1] & 0xFFL) << 48 | (buf[p + 2] & 0xFFL) << 40
                    | (buf[p + 3] & 0xFFL) << 32 | (buf[p + 4] & 0xFFL) << 24 | (buf[p + 5] & 0xFFL) << 16
                    | (buf[p + 6] & 0xFFL) << 8 | (buf[p + 7] & 0xFFL);
            p += 8;
            registry.counter(name).increment(count);
        }
    }

    /** Key of the per-sender datagram counters. */
    static final class SourceKey {
        final String host;
        final int port;

        SourceKey(String host, int port) {
            this.host = host;
            this.port = port;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof SourceKey)) {
                return false;
            }
            SourceKey other = (SourceKey) o;
            return port == other.port && host.equals(other.host);
        }

        @Override
        public int hashCode() {
            return Objects.hash(host, port);
        }
    }

    /** {@code POST /metrics/job/<job>[/<label>/<value>...]} with Prometheus text lines as the body. */
    public static final class PushHandler implements HttpHandler {
        private static final String PREFIX = "/metrics/job/";

        private final MetricRegistry registry;
        private final int maxBodyBytes;

        public PushHandler(MetricRegistry registry, int maxBodyBytes) {
            this.registry = registry;
            this.maxBodyBytes = maxBodyBytes;
        }

        @Override
        public void handle(Request request, Response response) throws IOException {
            String path = request.path();
            if (!path.startsWith(PREFIX)) {
                throw new HttpException(404, "not a push path: " + path);
            }
            String[] segments = path.substring(PREFIX.length()).split("/+");
            String job = segments[0];

            InputStream in = request.body();
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (body.size() < maxBodyBytes) {
                byte[] chunk = new byte[4096];
                int n = in.read(chunk);
                if (n == -1) {
                    break;
                }
                body.write(chunk, 0, n);
            }

            int accepted = 0;
            for (String line : new String(body.toByteArray(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                int brace = line.indexOf('{');
                int close = brace < 0 ? -1 : line.indexOf('}', brace);
                int valueStart = line.indexOf(' ', Math.max(close, 0)) + 1;
                int valueEnd = line.indexOf(' ', valueStart);
                if (valueEnd < 0) {
                    valueEnd = line.length();
                }
                String name = line.substring(0, brace < 0 ? valueStart - 1 : brace);
                Map<String, String> labels = brace < 0 ? new TreeMap<>() : parseLabels(line, brace + 1, close);
                labels.put("job", job);
                String[] keyValues = labels.entrySet().stream()
                        .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                        .toArray(String[]::new);
                long value = Long.parseLong(line.substring(valueStart, valueEnd));
                registry.counter(name, keyValues).increment(value);
                accepted++;
            }
            response.status(202);
            response.write(("accepted " + accepted + " samples\n").getBytes(StandardCharsets.UTF_8));
        }

        /** {@code a="1",b="2"} between {@code from} and {@code to}; no escapes inside values. */
        private static Map<String, String> parseLabels(String line, int from, int to) {
            Map<String, String> labels = new TreeMap<>();
            int at = from;
            while (at < to) {
                int eq = line.indexOf('=', at);
                int endQuote = line.indexOf('"', eq + 2);
                labels.put(line.substring(at, eq), line.substring(eq + 2, endQuote));
                at = endQuote + 2;
            }
            return labels;
        }
    }
}
