package com.acme.telemetry;

import com.acme.telemetry.admin.AdminConsole;
import com.acme.telemetry.aggregate.WindowAggregator;
import com.acme.telemetry.aggregate.WindowAggregator.Summary;
import com.acme.telemetry.alert.AlertEngine;
import com.acme.telemetry.firmware.FirmwareManifestLoader;
import com.acme.telemetry.ingest.IngestService;
import com.acme.telemetry.provision.DeviceProvisioner;
import com.acme.telemetry.provision.DeviceProvisioner.DeviceRegistry;
import com.acme.telemetry.transport.SocketTransport;
import com.acme.telemetry.transport.SocketTransport.Connection;
import com.acme.telemetry.transport.SocketTransport.FrameHandler;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Entry point: wires provisioning, firmware, ingestion, aggregation, alerts and the admin console. */
public final class TelemetryServer {

    static final String VERSION = "2.7.1";
    static final int PROTOCOL = 2;
    static final int BUILD_HASH = Objects.hash(VERSION, PROTOCOL);

    private TelemetryServer() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.matches("--[a-z][a-z-]*=.*")) {
                throw new IllegalArgumentException("expected --name=value, got " + arg);
            }
            int eq = arg.indexOf('=');
            opts.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        String window = opts.getOrDefault("window", "60s");
        long windowSeconds = Long.parseLong(window.substring(0, window.length() - 1));

        DeviceProvisioner provisioner = new DeviceProvisioner();
        DeviceRegistry registry = provisioner.loadAll(Path.of(opts.getOrDefault("devices", "devices.conf")));
        FirmwareManifestLoader firmware = FirmwareManifestLoader.load(
                Path.of(opts.getOrDefault("manifest", "firmware/manifest.txt")));
        WindowAggregator aggregator = new WindowAggregator(windowSeconds * 1000L);
        AlertEngine alerts = new AlertEngine();
        alerts.addSink((type, alert) -> System.out.println("ALERT " + type + " " + alert.message()));
        IngestService.ReadingStore store = batch -> { };
        IngestService ingest = new IngestService(provisioner, registry, firmware, aggregator, store,
                Path.of(opts.getOrDefault("quarantine", "quarantine")));

        SocketTransport devices = new SocketTransport("devices");
        devices.register(ingest);
        devices.register(new FrameHandler() {
            @Override
            public void onBinaryFrame(Connection conn, byte[] frame) {
            }

            @Override
            public void onTextFrame(Connection conn, String frame) {
                if (frame.startsWith("PING")) {
                    long now = System.currentTimeMillis();
                    conn.sendText(String.format("PONG %s %s", VERSION, now));
                } else if (frame.startsWith("CFG ")) {
                    int sp = frame.indexOf(' ', 4);
                    alerts.configure(frame.substring(4, sp), frame.substring(sp + 1));
                }
            }
        });
        SocketTransport admin = new SocketTransport("admin");
        admin.register(new AdminConsole(registry, aggregator, alerts, ingest));

        Set<String> watched = new HashSet<>();
        watched.addAll(opts.keySet());
        String replay = opts.get("replay");
        if (replay != null) {
            byte[] header = new byte[8];
            ByteArrayOutputStream capture = new ByteArrayOutputStream();
            try (InputStream in = new FileInputStream(replay)) {
                if (in.read(header) != 8) {
                    throw new IllegalStateException("truncated capture " + replay);
                }
                while (true) {
                    byte[] chunk = new byte[8192];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    capture.write(chunk, 0, n);
                }
            }
            int captureVersion = (header[4] & 0xFF) << 24 | (header[5] & 0xFF) << 16 | (header[6] & 0xFF) << 8
                    | (header[7] & 0xFF);
            System.out.println("replaying " + replay + " (capture format " + captureVersion + ")");
            devices.drain(new Connection("replay", "file", System.out),
                    new java.io.ByteArrayInputStream(capture.toByteArray()));
        }

        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        scheduler.scheduleAtFixedRate(() -> {
            long now = System.currentTimeMillis();
            List<Summary> closed = aggregator.closeExpired(now);
            Map<String, Summary> latest = WindowAggregator.latestBySeries(closed);
            for (Summary s : latest.values()) {
                alerts.evaluate(s.deviceId(), s.metric(), s.mean(), s.start());
            }
            String[] touched = closed.stream().map(Summary::deviceId).toArray(String[]::new);
            registry.markSeen(now, touched);
            Set<String> active = aggregator.drainDirtyDevices();
            if (watched.contains("verbose")) {
                System.out.println(touched.length + " windows closed, " + active.size() + " devices active");
            }
        }, 1, 1, TimeUnit.SECONDS);

        String portText = opts.getOrDefault("port", "7070");
        System.out.println("telemetry " + VERSION + " (protocol " + PROTOCOL + ", build " + BUILD_HASH
                + ") listening on " + portText);
    }
}
