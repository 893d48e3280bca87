package com.acme.telemetry.firmware;

import com.acme.telemetry.transport.SocketTransport.Connection;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Loads firmware/manifest.txt at startup and answers, for each device that says HELLO, whether a
 * newer image exists on its channel. Manifest lines, tab-separated: {@code model channel version size sha256 file}.
 * Images end with a big-endian CRC-32 of everything before it.
 */
public final class FirmwareManifestLoader {

    private static final int CHUNK = 1024;

    public static final class Entry {
        final String model;
        final String channel;
        final String version;
        final int major;
        final int minor;
        final long size;
        final String sha256;
        final Path image;

        Entry(String model, String channel, String version, long size, String sha256, Path image) {
            this.model = model;
            this.channel = channel;
            this.version = version;
            int dot = version.indexOf('.');
            int end = version.indexOf('.', dot + 1);
            this.major = Integer.parseInt(version, 0, dot, 10);
            this.minor = Integer.parseInt(version, dot + 1, end < 0 ? version.length() : end, 10);
            this.size = size;
            this.sha256 = sha256;
            this.image = image;
        }

        public String version() {
            return version;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(64);
            sb.append(model).append('/').append(channel).append(' ').append(version).append(" sha256:");
            int shown = Math.min(12, sha256.length());
            sb.append(sha256.substring(0, shown));
            return sb.append(" (").append(size).append(" bytes)").toString();
        }
    }

    private final Path root;
    private final Map<String, Entry> latest = new HashMap<>();

    private FirmwareManifestLoader(Path root) {
        this.root = root;
    }

    /** Called once, from {@code TelemetryServer.main}. */
    public static FirmwareManifestLoader load(Path manifest) throws IOException {
        byte[] raw;
        try (InputStream in = Files.newInputStream(manifest);
             ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            raw = out.toByteArray();
        }
        FirmwareManifestLoader loader = new FirmwareManifestLoader(manifest.toAbsolutePath().getParent());
        for (String line : new String(raw, StandardCharsets.UTF_8).lines().toList()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cols = line.strip().split("\t");
            if (cols.length != 6) {
                throw new IOException(manifest + ": bad manifest line '" + line + "'");
            }
            Entry e = new Entry(cols[0], cols[1], cols[2], Long.parseLong(cols[3]), cols[4], loader.root.resolve(cols[5]));
            loader.latest.merge(cols[0] + "/" + cols[1], e, (a, b) -> newer(a, b) ? a : b);
        }
        return loader;
    }

    private static boolean newer(Entry a, Entry b) {
        return a.major != b.major ? a.major > b.major : a.minor > b.minor;
    }

    /** Called for every HELLO frame: the image to offer, or null when the device is current. */
    public Entry updateFor(String model, String channel, int major, int minor) {
        String key = String.format("%s/%s", model, channel);
        Entry e = latest.get(key);
        if (e == null || (e.major < major || e.major == major && e.minor <= minor)) {
            return null;
        }
        return e;
    }

    /** Reads and verifies an image before it is offered; called per accepted update. */
    byte[] readVerified(Entry e) throws IOException {
        File file = e.image.toFile();
        byte[] img;
        try (InputStream in = new FileInputStream(file);
             ByteArrayOutputStream out = new ByteArrayOutputStream((int) e.size)) {
            byte[] buffer = new byte[16384];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            img = out.toByteArray();
        }
        int t = img.length - 4;
        int stored = (img[t] & 0xFF) << 24 | (img[t + 1] & 0xFF) << 16 | (img[t + 2] & 0xFF) << 8 | (img[t + 3] & 0xFF);
        CRC32 crc = new CRC32();
        crc.update(img, 0, t);
        int actual = (int) crc.getValue();
        if (stored != actual) {
            String name = file.getName();
            throw new IOException(String.format("image %s is corrupt: crc %08x, expected %08x", name, actual, stored));
        }
        return img;
    }

    /** Sends an image to a device that accepted the update, in CHUNK-sized writes. */
    public void streamImage(Entry e, Connection conn) throws IOException {
        readVerified(e);
        try (InputStream in = Files.newInputStream(e.image)) {
            while (true) {
                byte[] chunk = new byte[CHUNK];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                conn.write(chunk, 0, n);
            }
        }
    }

    @Override
    public String toString() {
        return "FirmwareManifest[" + latest.size() + " entries in " + root + "]";
    }
}
