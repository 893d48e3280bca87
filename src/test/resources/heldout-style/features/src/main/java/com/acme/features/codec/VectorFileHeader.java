package com.acme.features.codec;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The fixed header at the start of every offline shard file ("FVEC" magic, creation time, then one line of
 * {@code key=value} metadata). Read once when a shard is opened and written once when a shard is created.
 */
public final class VectorFileHeader {

    public static final int MAGIC = 0x46564543; // "FVEC"

    private final long createdAt;
    private final String schemaName;
    private final int schemaVersion;
    private final Map<String, String> attributes;

    private VectorFileHeader(long createdAt, String schemaName, int schemaVersion,
                             Map<String, String> attributes) {
        this.createdAt = createdAt;
        this.schemaName = schemaName;
        this.schemaVersion = schemaVersion;
        this.attributes = attributes;
    }

    public static VectorFileHeader read(InputStream raw, String source) throws IOException {
        DataInputStream in = new DataInputStream(raw);
        if (in.readInt() != MAGIC) {
            throw new IOException(source + " is not a feature vector shard");
        }
        byte[] fixed = new byte[8];
        in.readFully(fixed);
        long createdAt = (fixed[0] & 0xFFL) << 56 | (fixed[1] & 0xFFL) << 48
                | (fixed[2] & 0xFFL) << 40 | (fixed[3] & 0xFFL) << 32
                | (fixed[4] & 0xFFL) << 24 | (fixed[5] & 0xFFL) << 16
                | (fixed[6] & 0xFFL) << 8 | (fixed[7] & 0xFFL);
        String meta = in.readUTF();

        // meta looks like: "schema=user_profile@12; producer=backfill; codec=raw"
        Map<String, String> attributes = new HashMap<>();
        for (String pair : meta.split(";\\s*")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                attributes.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        String schema = attributes.getOrDefault("schema", "");
        int at = schema.indexOf('@');
        if (at < 0) {
            throw new IOException(source + " has no schema version in header '" + meta + "'");
        }
        String schemaName = schema.substring(0, at);
        int schemaVersion = Integer.parseInt(schema, at + 1, schema.length(), 10);
        return new VectorFileHeader(createdAt, schemaName, schemaVersion, attributes);
    }

    public static void write(OutputStream out, long createdAt, String schemaName, int schemaVersion,
                             String producer) throws IOException {
        out.write(new byte[] {'F', 'V', 'E', 'C'});
        byte[] fixed = new byte[8];
        fixed[0] = (byte) (createdAt >>> 56);
        fixed[1] = (byte) (createdAt >>> 48);
        fixed[2] = (byte) (createdAt >>> 40);
        fixed[3] = (byte) (createdAt >>> 32);
        fixed[4] = (byte) (createdAt >>> 24);
        fixed[5] = (byte) (createdAt >>> 16);
        fixed[6] = (byte) (createdAt >>> 8);
        fixed[7] = (byte) createdAt;
        out.write(fixed);
        String meta = "schema=" + schemaName + "@" + schemaVersion + "; producer=" + producer + "; codec=raw";
        byte[] utf = meta.getBytes(StandardCharsets.UTF_8);
        out.write(utf.length >>> 8);
        out.write(utf.length);
        out.write(utf);
    }

    public String schemaName() {
        return schemaName;
    }

    public int schemaVersion() {
        return schemaVersion;
    }

    public long createdAt() {
        return createdAt;
    }

    public String attribute(String name) {
        return attributes.get(name);
    }
}
