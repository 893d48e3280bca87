package com.acme.geo.tile;

import com.acme.geo.model.Coordinate;
import com.acme.geo.model.Feature;
import com.acme.geo.style.StyleSheet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Binary tile encoding, big-endian throughout. Layout: magic (4), format major (1), reserved (3),
 * feature count (4), symbol table; then per feature: id (8), kind (1), colour (4), point count (4),
 * points as pairs of IEEE doubles (16 each), tag count (4), tags as length-prefixed UTF-8 strings.
 * One encoder is created per tile request.
 */
public final class GeometryEncoder {

    static final String FORMAT_VERSION = "3.1";
    static final int FORMAT_MAJOR = Integer.parseInt(FORMAT_VERSION.substring(0, FORMAT_VERSION.indexOf('.')));
    static final int MAGIC = 0x47454F54;
    static final int EXTENT = 4096;
    /** Mixed into the ETag so that caches drop tiles written by an older encoder. */
    static final int SCHEMA_HASH = Objects.hash(FORMAT_VERSION, EXTENT, MAGIC);
    private static final int MAX_TILE_BYTES = 8 << 20;
    private static final byte[] HEADER_TEMPLATE = new byte[8];

    static {
        HEADER_TEMPLATE[0] = (byte) (MAGIC >>> 24);
        HEADER_TEMPLATE[1] = (byte) (MAGIC >>> 16);
        HEADER_TEMPLATE[2] = (byte) (MAGIC >>> 8);
        HEADER_TEMPLATE[3] = (byte) MAGIC;
        HEADER_TEMPLATE[4] = (byte) FORMAT_MAJOR;
    }

    /** Writes the kind byte and the points of one geometry class. */
    interface GeometryWriter {
        void write(GeometryEncoder encoder, Feature.Geometry geometry);
    }

    private static final Map<Class<?>, GeometryWriter> WRITERS = new ConcurrentHashMap<>();

    private byte[] buf = new byte[16 * 1024];
    private int pos;
    private final List<String> skipped = new ArrayList<>();

    /** Features the last {@link #encode} left out, with the reason. */
    public List<String> skipped() {
        return skipped;
    }

    public byte[] encode(List<Feature> features, StyleSheet style) {
        pos = 0;
        ensure(12);
        System.arraycopy(HEADER_TEMPLATE, 0, buf, 0, HEADER_TEMPLATE.length);
        pos = 12;
        String[] symbols = style.symbolTable();
        writeCount(symbols.length);
        for (String symbol : symbols) {
            writeString(symbol);
        }
        int written = 0;
        for (Feature f : features) {
            long id = f.id();
            String layer = f.layer();
            assert f.geometry() != null : String.format("feature %s of layer %s has no geometry", id, layer);
            int mark = pos;
            try {
                encodeFeature(f, style);
                written++;
            } catch (IllegalArgumentException e) {
                // one broken feature must not take the whole tile down
                pos = mark;
                String kind = f.geometry().getClass().getSimpleName();
                skipped.add(String.format("feature %s (%s) skipped", id, kind));
            }
        }
        writeInt(buf, 8, written);
        return Arrays.copyOf(buf, pos);
    }

    private void encodeFeature(Feature f, StyleSheet style) {
        ensure(13);
        writeLong(buf, pos, f.id());
        pos += 8;
        GeometryWriter writer = WRITERS.computeIfAbsent(f.geometry().getClass(), GeometryEncoder::writerFor);
        writer.write(this, f.geometry());
        ensure(4);
        writeInt(buf, pos, style.colorFor(f));
        pos += 4;
        List<String> tags = new ArrayList<>(Arrays.asList(f.tags()));
        style.appendStyleTags(f, tags);
        writeCount(tags.size());
        for (String tag : tags) {
            writeString(tag);
        }
    }

    private static GeometryWriter writerFor(Class<?> type) {
        if (Feature.Point.class.isAssignableFrom(type)) {
            return (enc, g) -> enc.writePoints(1, g.coordinates());
        }
        if (Feature.Line.class.isAssignableFrom(type)) {
            return (enc, g) -> enc.writePoints(2, g.coordinates());
        }
        if (Feature.Area.class.isAssignableFrom(type)) {
            return new GeometryWriter() {
                @Override
                public void write(GeometryEncoder enc, Feature.Geometry g) {
                    List<Coordinate> ring = g.coordinates();
                    if (!ring.get(0).equals(ring.get(ring.size() - 1))) {
                        throw new IllegalArgumentException("polygon ring is not closed");
                    }
                    enc.writePoints(3, ring);
                }
            };
        }
        throw new IllegalArgumentException("no tile writer for " + type.getName());
    }

    void writePoints(int kind, List<Coordinate> points) {
        ensure(5 + points.size() * 16);
        buf[pos++] = (byte) kind;
        writeInt(buf, pos, points.size());
        pos += 4;
        for (Coordinate c : points) {
            writeLong(buf, pos, Double.doubleToLongBits(c.lon()));
            writeLong(buf, pos + 8, Double.doubleToLongBits(c.lat()));
            pos += 16;
        }
    }

    private void writeCount(int count) {
        ensure(4);
        writeInt(buf, pos, count);
        pos += 4;
    }

    private void writeString(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        ensure(4 + utf8.length);
        writeInt(buf, pos, utf8.length);
        System.arraycopy(utf8, 0, buf, pos + 4, utf8.length);
        pos += 4 + utf8.length;
    }

    private void ensure(int extra) {
        if (pos + extra > buf.length) {
            if (pos + extra > MAX_TILE_BYTES) {
                throw new IllegalStateException("tile larger than " + MAX_TILE_BYTES + " bytes");
            }
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + extra));
        }
    }

    static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static void writeLong(byte[] b, int off, long v) {
        b[off] = (byte) (v >>> 56);
        b[off + 1] = (byte) (v >>> 48);
        b[off + 2] = (byte) (v >>> 40);
        b[off + 3] = (byte) (v >>> 32);
        b[off + 4] = (byte) (v >>> 24);
        b[off + 5] = (byte) (v >>> 16);
        b[off + 6] = (byte) (v >>> 8);
        b[off + 7] = (byte) v;
    }

    /** Reads a big-endian int; the handler checks the magic of every cached tile with it. */
    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }
}
