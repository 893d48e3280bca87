package com.acme.sim.io;

import com.acme.sim.model.Entity;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Binary save format: a 12-byte header (magic, version, record count) followed by one fixed-size big-endian record
 * per entity. The game autosaves every ten seconds of play and on every quick-save, so encoding runs per record of
 * every save; decoding runs per record on every quick-load.
 */
public final class SaveCodec {

    static final int VERSION = 3;
    static final int HEADER_SIZE = 12;
    /** id 4, kind 1, x 8, y 8, hp 4, extra 4. */
    static final int RECORD_SIZE = 29;

    private static final byte[] MAGIC_BYTES = {'S', 'I', 'M', 'S'};
    private static final String[] ENEMY_KINDS = {"slime", "bat", "boss"};
    static final int MAGIC;
    static final int LAYOUT_HASH;
    private static final byte[] HEADER_TEMPLATE = new byte[HEADER_SIZE];
    /** Shipped with the game; written out when the player starts a new profile. */
    static final byte[] EMPTY_SAVE;

    static {
        byte[] m = MAGIC_BYTES;
        MAGIC = (m[0] & 0xFF) << 24 | (m[1] & 0xFF) << 16 | (m[2] & 0xFF) << 8 | (m[3] & 0xFF);
        LAYOUT_HASH = Objects.hash(VERSION, RECORD_SIZE);
        HEADER_TEMPLATE[0] = (byte) (MAGIC >>> 24);
        HEADER_TEMPLATE[1] = (byte) (MAGIC >>> 16);
        HEADER_TEMPLATE[2] = (byte) (MAGIC >>> 8);
        HEADER_TEMPLATE[3] = (byte) MAGIC;

        byte[] fallback = new byte[0];
        try (InputStream in = SaveCodec.class.getResourceAsStream("/saves/empty.sav")) {
            if (in != null) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                while (true) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    out.write(chunk, 0, n);
                }
                fallback = out.toByteArray();
            }
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e);
        }
        EMPTY_SAVE = fallback;
    }

    public byte[] encode(List<Entity> entities) {
        byte[] buf = new byte[HEADER_SIZE + RECORD_SIZE * entities.size()];
        System.arraycopy(HEADER_TEMPLATE, 0, buf, 0, 4);
        putInt(buf, 4, VERSION);
        putInt(buf, 8, entities.size());
        int off = HEADER_SIZE;
        for (Entity e : entities) {
            putInt(buf, off, e.id());
            switch (e) {
                case Entity.Player p -> encodeBody(buf, off, (byte) 0, p.x(), p.y(), p.hp(), p.score());
                case Entity.Enemy en -> encodeBody(buf, off, (byte) 1, en.x(), en.y(), en.hp(), kindIndex(en.kind()));
                case Entity.Pickup k -> encodeBody(buf, off, (byte) 2, k.x(), k.y(), 0, k.value());
            }
            off += RECORD_SIZE;
        }
        return buf;
    }

    private static void encodeBody(byte[] buf, int off, byte kind, double x, double y, int hp, int extra) {
        buf[off + 4] = kind;
        putLong(buf, off + 5, Double.doubleToLongBits(x));
        putLong(buf, off + 13, Double.doubleToLongBits(y));
        putInt(buf, off + 21, hp);
        putInt(buf, off + 25, extra);
    }

    public List<Entity> decode(String file, byte[] buf) throws IOException {
        if (buf.length < HEADER_SIZE || getInt(buf, 0) != MAGIC) {
            throw new IOException(file + " is not a save file");
        }
        int version = getInt(buf, 4);
        if (version != VERSION) {
            throw new IOException(file + " was written by save format " + version + ", this build reads " + VERSION);
        }
        int count = getInt(buf, 8);
        List<Entity> out = new ArrayList<>(count);
        int off = HEADER_SIZE;
        for (int i = 0; i < count; i++, off += RECORD_SIZE) {
            try {
                out.add(decodeRecord(buf, off));
            } catch (IllegalArgumentException ex) {
                int badId = (buf[off] & 0xFF) << 24 | (buf[off + 1] & 0xFF) << 16 | (buf[off + 2] & 0xFF) << 8
                        | (buf[off + 3] & 0xFF);
                throw new IOException(corrupt(file, i, badId), ex);
            }
        }
        return out;
    }

    private static Entity decodeRecord(byte[] buf, int off) {
        int id = getInt(buf, off);
        double x = Double.longBitsToDouble(getLong(buf, off + 5));
        double y = Double.longBitsToDouble(getLong(buf, off + 13));
        int hp = getInt(buf, off + 21);
        int extra = getInt(buf, off + 25);
        return switch (buf[off + 4]) {
            case 0 -> new Entity.Player(id, "player" + id, x, y, hp, extra);
            case 1 -> new Entity.Enemy(id, ENEMY_KINDS[extra], x, y, hp);
            case 2 -> new Entity.Pickup(id, "coin", x, y, extra);
            default -> throw new IllegalArgumentException("unknown record kind " + buf[off + 4]);
        };
    }

    private static String corrupt(String file, int index, int id) {
        return String.format("%s: record %s (entity %s) is corrupt", file, index, id);
    }

    private static int kindIndex(String kind) {
        for (int i = 0; i < ENEMY_KINDS.length; i++) {
            if (ENEMY_KINDS[i].equals(kind)) {
                return i;
            }
        }
        return 0;
    }

    static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static void putLong(byte[] b, int off, long v) {
        b[off] = (byte) (v >>> 56);
        b[off + 1] = (byte) (v >>> 48);
        b[off + 2] = (byte) (v >>> 40);
        b[off + 3] = (byte) (v >>> 32);
        b[off + 4] = (byte) (v >>> 24);
        b[off + 5] = (byte) (v >>> 16);
        b[off + 6] = (byte) (v >>> 8);
        b[off + 7] = (byte) v;
    }

    static int getInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    static long getLong(byte[] b, int off) {
        return (b[off] & 0xFFL) << 56 | (b[off + 1] & 0xFFL) << 48 | (b[off + 2] & 0xFFL) << 40
                | (b[off + 3] & 0xFFL) << 32 | (b[off + 4] & 0xFFL) << 24 | (b[off + 5] & 0xFFL) << 16
                | (b[off + 6] & 0xFFL) << 8 | (b[off + 7] & 0xFFL);
    }

    /** Reads a whole save file; on every quick-load. */
    public byte[] read(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            while (true) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n == -1) {
                    break;
                }
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        }
    }

    /** Keeps the previous save as a backup before every autosave overwrites it. */
    public void rotate(Path save, Path backup) throws IOException {
        if (!Files.exists(save)) {
            return;
        }
        try (InputStream in = Files.newInputStream(save); OutputStream out = Files.newOutputStream(backup)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
    }

    public int layoutHash() {
        return LAYOUT_HASH;
    }
}
