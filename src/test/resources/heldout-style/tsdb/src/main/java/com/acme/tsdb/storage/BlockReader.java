package com.acme.tsdb.storage;

import com.acme.tsdb.TsdbException;
import com.acme.tsdb.ingest.FieldCodecs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads block files written by {@link BlockWriter}. Block files never change once written, so a reader is opened
 * once per file and shared; {@link #scan} runs for every query and every compaction that touches the file.
 */
public final class BlockReader {

    /** One decoded point. */
    public record Sample(long seriesId, long timestamp, Map<String, Object> fields) {
    }

    private static final Map<Path, BlockReader> OPEN = new ConcurrentHashMap<>();

    private final Path path;
    private final String name;
    private final int fingerprint;

    private BlockReader(Path path) throws IOException {
        this.path = path;
        this.name = path.getFileName().toString();
        byte[] h = new byte[BlockWriter.HEADER_LENGTH];
        try (InputStream in = Files.newInputStream(path)) {
            if (in.readNBytes(h, 0, h.length) != h.length) {
                throw new TsdbException("truncated block file " + name);
            }
        }
        int magic = (h[0] & 0xFF) << 24 | (h[1] & 0xFF) << 16 | (h[2] & 0xFF) << 8 | (h[3] & 0xFF);
        if (magic != BlockWriter.MAGIC) {
            throw new TsdbException(name + " is not a block file (magic 0x" + Integer.toHexString(magic) + ")");
        }
        this.fingerprint = getInt(h, 4);
        if (fingerprint != BlockWriter.FORMAT_FINGERPRINT) {
            throw new TsdbException(name + " was written by an incompatible version");
        }
    }

    /** The shared reader of a file, opened on first use. */
    public static BlockReader open(Path path) {
        return OPEN.computeIfAbsent(path.toAbsolutePath(), p -> {
            try {
                return new BlockReader(p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Forgets a file that compaction has replaced. */
    public static void evict(Path path) {
        OPEN.remove(path.toAbsolutePath());
    }

    public String name() {
        return name;
    }

    /** Samples with {@code from <= timestamp < to}. */
    public List<Sample> scan(long from, long to) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(path)) {
            in.skipNBytes(BlockWriter.HEADER_LENGTH);
            while (true) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                bytes.write(chunk, 0, n);
            }
        }
        return decode(bytes.toByteArray(), from, to);
    }

    private List<Sample> decode(byte[] data, long from, long to) {
        List<Sample> samples = new ArrayList<>();
        int off = 0;
        while (off < data.length) {
            if (data.length - off < 8) {
                throw TsdbException.corruptBlock(name, off, "truncated block header");
            }
            int count = getInt(data, off);
            int end = off + 8 + getInt(data, off + 4);
            off += 8;
            for (int i = 0; i < count; i++) {
                long seriesId = getLong(data, off);
                long timestamp = getLong(data, off + 8);
                int fieldCount = getInt(data, off + 16);
                off += 20;
                Map<String, Object> fields = new LinkedHashMap<>();
                for (int f = 0; f < fieldCount; f++) {
                    int nameLength = getInt(data, off);
                    String field = new String(data, off + 4, nameLength, StandardCharsets.UTF_8);
                    off += 4 + nameLength;
                    switch (FieldCodecs.fromTag(data[off++])) {
                        case FLOAT:
                            fields.put(field, Double.longBitsToDouble(getLong(data, off)));
                            off += 8;
                            break;
                        case INTEGER:
                            fields.put(field, getLong(data, off));
                            off += 8;
                            break;
                        case BOOLEAN:
                            fields.put(field, data[off++] != 0);
                            break;
                        default:
                            int length = getInt(data, off);
                            fields.put(field, new String(data, off + 4, length, StandardCharsets.UTF_8));
                            off += 4 + length;
                            break;
                    }
                }
                if (timestamp >= from && timestamp < to) {
                    samples.add(new Sample(seriesId, timestamp, fields));
                }
            }
            if (off != end) {
                throw TsdbException.corruptBlock(name, off, "block length mismatch");
            }
        }
        return samples;
    }

    static long getLong(byte[] b, int off) {
        return (b[off] & 0xFFL) << 56
                | (b[off + 1] & 0xFFL) << 48
                | (b[off + 2] & 0xFFL) << 40
                | (b[off + 3] & 0xFFL) << 32
                | (b[off + 4] & 0xFFL) << 24
                | (b[off + 5] & 0xFFL) << 16
                | (b[off + 6] & 0xFFL) << 8
                | (b[off + 7] & 0xFFL);
    }

    static int getInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }
}
