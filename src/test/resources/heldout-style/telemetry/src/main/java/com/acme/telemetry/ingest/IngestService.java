package com.acme.telemetry.ingest;

import com.acme.telemetry.aggregate.WindowAggregator;
import com.acme.telemetry.firmware.FirmwareManifestLoader;
import com.acme.telemetry.ingest.BinaryFrameDecoder.DecodedFrame;
import com.acme.telemetry.ingest.BinaryFrameDecoder.FrameFormatException;
import com.acme.telemetry.provision.DeviceProvisioner;
import com.acme.telemetry.provision.DeviceProvisioner.DeviceInfo;
import com.acme.telemetry.provision.DeviceProvisioner.DeviceRegistry;
import com.acme.telemetry.transport.SocketTransport.Connection;
import com.acme.telemetry.transport.SocketTransport.FrameHandler;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/** The device-facing frame handler: decode, validate, store, aggregate. */
public final class IngestService implements FrameHandler {

    public record Reading(String deviceId, String metric, long timestamp, double value) {
    }

    /** Stand-in for the time-series store client. */
    public interface ReadingStore {
        void append(List<Reading> batch);
    }

    private static final int DEDUP_WINDOW = 4096;

    private final BinaryFrameDecoder decoder = new BinaryFrameDecoder();
    private final TextFrameParser parser = new TextFrameParser(false);
    private final DeviceProvisioner provisioner;
    private final DeviceRegistry registry;
    private final FirmwareManifestLoader firmware;
    private final WindowAggregator aggregator;
    private final ReadingStore store;
    private final Path quarantineDir;
    private final AtomicLong rejected = new AtomicLong();
    private final Map<String, Set<String>> metricsByDevice = new ConcurrentHashMap<>();
    private final Map<String, FirmwareManifestLoader.Entry> pendingUpdates = new ConcurrentHashMap<>();
    private final Set<String> recentFrames = Collections.newSetFromMap(
            new LinkedHashMap<String, Boolean>(DEDUP_WINDOW * 2, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > DEDUP_WINDOW;
                }
            });

    public IngestService(DeviceProvisioner provisioner, DeviceRegistry registry, FirmwareManifestLoader firmware,
            WindowAggregator aggregator, ReadingStore store, Path quarantineDir) {
        this.provisioner = provisioner;
        this.registry = registry;
        this.firmware = firmware;
        this.aggregator = aggregator;
        this.store = store;
        this.quarantineDir = quarantineDir;
    }

    @Override
    public void onBinaryFrame(Connection conn, byte[] frame) {
        DecodedFrame decoded;
        try {
            decoded = decoder.decode(frame);
        } catch (FrameFormatException e) {
            long n = rejected.incrementAndGet();
            String connId = conn.id();
            Path dump = quarantineDir.resolve(String.format("%s-%06d.bin", connId, n));
            try (ByteArrayInputStream in = new ByteArrayInputStream(frame);
                 OutputStream out = Files.newOutputStream(dump)) {
                byte[] buffer = new byte[4096];
                int r;
                while ((r = in.read(buffer)) != -1) {
                    out.write(buffer, 0, r);
                }
            } catch (IOException io) {
                e.addSuppressed(io);
            }
            conn.sendText("NAK " + e.getMessage());
            return;
        }
        if (accept(conn, decoded)) {
            conn.send(decoder.ack(decoded));
        }
    }

    @Override
    public void onTextFrame(Connection conn, String frame) {
        if (frame.startsWith("PING") || frame.startsWith("CFG ")) {
            return;
        }
        if (frame.startsWith("HELLO ")) {
            onHello(conn, frame.substring(6));
            return;
        }
        if (frame.startsWith("OTA-ACCEPT ")) {
            onUpdateAccepted(conn, frame.substring(11).trim());
            return;
        }
        try {
            if (accept(conn, parser.parseAny(frame))) {
                conn.sendText("OK");
            }
        } catch (FrameFormatException e) {
            String reason = e.getMessage();
            long count = rejected.incrementAndGet();
            conn.sendText(String.format("ERR %s %s", count, reason));
        }
    }

    /**
     * Devices announce themselves after every reconnect; unknown ones are provisioned on the fly
     * from the line they send, in the same format as devices.conf.
     */
    private void onHello(Connection conn, String line) {
        DeviceInfo info = provisioner.parseLine(line);
        registry.register(info);
        FirmwareManifestLoader.Entry update = firmware.updateFor(info.model, info.channel, info.fwMajor, info.fwMinor);
        if (update != null) {
            pendingUpdates.put(info.id, update);
            conn.sendText("OTA " + update.version());
        } else {
            conn.sendText("WELCOME " + info.id);
        }
    }

    private void onUpdateAccepted(Connection conn, String deviceId) {
        FirmwareManifestLoader.Entry update = pendingUpdates.remove(deviceId);
        if (update == null) {
            conn.sendText("ERR no update pending for " + deviceId);
            return;
        }
        try {
            firmware.streamImage(update, conn);
        } catch (IOException e) {
            conn.sendText("ERR image unavailable");
        }
    }

    /** Returns false for duplicates and unknown devices. */
    boolean accept(Connection conn, DecodedFrame f) {
        String deviceId = f.deviceId;
        int seq = f.seq;
        String dedupKey = String.format("%s#%s", deviceId, seq);
        synchronized (recentFrames) {
            if (!recentFrames.add(dedupKey)) {
                return false;
            }
        }
        if (!registry.isKnown(deviceId)) {
            conn.sendText("UNKNOWN " + deviceId);
            return false;
        }
        long ts = f.timestamp;
        Map<String, Double> values = f.values;
        List<Reading> readings = values.entrySet().stream()
                .map(e -> new Reading(deviceId, e.getKey(), ts, e.getValue()))
                .collect(Collectors.toList());
        store.append(readings);
        Set<String> reported = readings.stream().map(Reading::metric).collect(Collectors.toSet());
        metricsByDevice.computeIfAbsent(deviceId, k -> ConcurrentHashMap.newKeySet()).addAll(reported);
        for (String metric : values.keySet()) {
            double v = values.get(metric);
            aggregator.add(deviceId, metric, ts, v);
        }
        return true;
    }

    public Set<String> metricsOf(String deviceId) {
        return metricsByDevice.getOrDefault(deviceId, Set.of());
    }

    public long rejectedCount() {
        return rejected.get();
    }
}
