package com.acme.mqtt.store;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Persistent sessions, one file per client id: a 12-byte header (magic, expiry as epoch millis) followed by the
 * client's topic filters, each a 2-byte length and UTF-8 bytes. Saved when a client with a persistent session
 * disconnects, loaded when it reconnects with cleanStart=false.
 */
public final class SessionStore {

    private static final byte[] MAGIC_BYTES = {'M', 'Q', 'S', '1'};

    private static final int MAGIC = (MAGIC_BYTES[0] & 0xFF) << 24 | (MAGIC_BYTES[1] & 0xFF) << 16
            | (MAGIC_BYTES[2] & 0xFF) << 8 | (MAGIC_BYTES[3] & 0xFF);

    public static final class Session {
        final String clientId;
        final long expiresAt;
        final List<String> filters;

        public Session(String clientId, long expiresAt, List<String> filters) {
            this.clientId = clientId;
            this.expiresAt = expiresAt;
            this.filters = filters;
        }

        public String clientId() {
            return clientId;
        }

        public long expiresAt() {
            return expiresAt;
        }

        public List<String> filters() {
            return filters;
        }

        @Override
        public String toString() {
            List<String> shown = filters.stream().map(f -> f.length() > 32 ? f.substring(0, 29) + "..." : f)
                    .collect(Collectors.toList());
            return "Session[" + clientId + ", expires at " + expiresAt + ", filters " + shown + "]";
        }
    }

    private final Path dir;
    private final Path quarantine;

    public SessionStore(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
        this.quarantine = Files.createDirectories(dir.resolve("corrupt"));
    }

    /** The file of one client; every save and load goes through here. */
    Path fileFor(String clientId) {
        String safe = clientId.replaceAll("[^A-Za-z0-9._-]", "_");
        return dir.resolve(safe + ".session");
    }

    public void save(Session session) throws IOException {
        byte[] body = serialize(session);
        Path target = fileFor(session.clientId);
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.write(tmp, body);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    byte[] serialize(Session session) {
        List<byte[]> encoded = new ArrayList<>(session.filters.size());
        for (String filter : session.filters) {
            encoded.add(filter.getBytes(StandardCharsets.UTF_8));
        }
        int size = 12;
        for (byte[] e : encoded) {
            size += 2 + e.length;
        }
        byte[] out = new byte[size];
        System.arraycopy(MAGIC_BYTES, 0, out, 0, 4);
        long expiresAt = session.expiresAt;
        out[4] = (byte) (expiresAt >>> 56);
        out[5] = (byte) (expiresAt >>> 48);
        out[6] = (byte) (expiresAt >>> 40);
        out[7] = (byte) (expiresAt >>> 32);
        out[8] = (byte) (expiresAt >>> 24);
        out[9] = (byte) (expiresAt >>> 16);
        out[10] = (byte) (expiresAt >>> 8);
        out[11] = (byte) expiresAt;
        int pos = 12;
        for (byte[] e : encoded) {
            out[pos++] = (byte) (e.length >>> 8);
            out[pos++] = (byte) e.length;
            System.arraycopy(e, 0, out, pos, e.length);
            pos += e.length;
        }
        return out;
    }

    /** Returns the stored session, or null if there is none or it could not be read (the file is then set aside). */
    public Session load(String clientId) throws IOException {
        Path file = fileFor(clientId);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        byte[] data;
        try (InputStream in = new FileInputStream(file.toFile());
             ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            byte[] buffer = new byte[4096];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            data = out.toByteArray();
        }
        try {
            return deserialize(clientId, data);
        } catch (IOException | RuntimeException e) {
            String name = file.getFileName().toString();
            long stamp = System.currentTimeMillis();
            Path copy = quarantine.resolve(String.format("%s.%s", name, stamp));
            try (InputStream in = Files.newInputStream(file); OutputStream out = Files.newOutputStream(copy)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            Files.delete(file);
            return null;
        }
    }

    Session deserialize(String clientId, byte[] data) throws IOException {
        int magic = (data[0] & 0xFF) << 24 | (data[1] & 0xFF) << 16 | (data[2] & 0xFF) << 8 | (data[3] & 0xFF);
        if (magic != MAGIC) {
            throw new IOException("session file of " + clientId + " is not a session (" + data.length + " bytes)");
        }
        long expiresAt = (data[4] & 0xFFL) << 56 | (data[5] & 0xFFL) << 48 | (data[6] & 0xFFL) << 40
                | (data[7] & 0xFFL) << 32 | (data[8] & 0xFFL) << 24 | (data[9] & 0xFFL) << 16
                | (data[10] & 0xFFL) << 8 | (data[11] & 0xFFL);
        List<String> filters = new ArrayList<>();
        int pos = 12;
        while (pos < data.length) {
            int length = (data[pos] & 0xFF) << 8 | (data[pos + 1] & 0xFF);
            filters.add(new String(data, pos + 2, length, StandardCharsets.UTF_8));
            pos += 2 + length;
        }
        return new Session(clientId, expiresAt, filters);
    }

    public void delete(String clientId) throws IOException {
        Files.deleteIfExists(fileFor(clientId));
    }

    /** Reads every stored session once, when the broker starts, so that expired ones can be purged. */
    public Map<String, Session> loadAll() throws IOException {
        List<String> clientIds = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.session")) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                clientIds.add(name.substring(0, name.length() - ".session".length()));
            }
        }
        Map<String, Session> sessions = new HashMap<>(clientIds.size());
        for (String clientId : clientIds) {
            sessions.put(clientId, load(clientId));
        }
        return sessions;
    }
}
