package com.acme.imageio.png;

import com.acme.imageio.core.CorruptImageException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.InflaterInputStream;

/**
 * Streams the chunks of one PNG file. A reader is created per file; {@link #next()} runs once per
 * chunk, either from {@link #readAll()} or from {@link #stream(ChunkListener)}.
 */
public class PngChunkReader {

    /** Receives each chunk as soon as its CRC has been checked. */
    public interface ChunkListener {
        void onChunk(PngChunk chunk) throws IOException;
    }

    static final long PNG_SIGNATURE = 0x89504E470D0A1A0AL;

    private final InputStream in;
    private final String source;
    private long offset;
    private boolean ended;

    public PngChunkReader(InputStream in, String source) {
        this.in = in;
        this.source = source;
    }

    /** Checks the 8-byte signature. Must be called first, once for every file opened. */
    public void readSignature() throws IOException {
        byte[] b = readFully(8);
        long sig = ((long) (b[0] & 0xFF) << 56)
                | ((long) (b[1] & 0xFF) << 48)
                | ((long) (b[2] & 0xFF) << 40)
                | ((long) (b[3] & 0xFF) << 32)
                | ((long) (b[4] & 0xFF) << 24)
                | ((long) (b[5] & 0xFF) << 16)
                | ((long) (b[6] & 0xFF) << 8)
                | ((long) (b[7] & 0xFF));
        if (sig != PNG_SIGNATURE) {
            throw new CorruptImageException(source, 0, "not a PNG signature: " + Long.toHexString(sig));
        }
    }

    /** Reads the next chunk; returns null once IEND has been read. */
    public PngChunk next() throws IOException {
        if (ended) {
            return null;
        }
        long chunkStart = offset;
        byte[] header = readFully(8);
        int length = readInt(header, 0);
        String type = new String(header, 4, 4, StandardCharsets.ISO_8859_1);
        byte[] data;
        try {
            data = readFully(length);
        } catch (EOFException e) {
            // garbage types are common in truncated downloads: report the raw code, not the text
            int typeCode = (header[4] & 0xFF) << 24 | (header[5] & 0xFF) << 16 | (header[6] & 0xFF) << 8 | (header[7] & 0xFF);
            throw CorruptImageException.truncated(source + " (chunk type 0x" + Integer.toHexString(typeCode) + ")",
                    chunkStart, length);
        }
        byte[] crcBytes = readFully(4);
        long stored = readInt(crcBytes, 0) & 0xFFFFFFFFL;
        CRC32 crc = new CRC32();
        crc.update(header, 4, 4);
        crc.update(data);
        long computed = crc.getValue();
        if (computed != stored) {
            String msg = String.format("CRC mismatch in %s chunk: stored %s, computed %s", type, stored, computed);
            throw new CorruptImageException(source, chunkStart, msg);
        }
        if (type.equals("IEND")) {
            ended = true;
        }
        return new PngChunk(type, data, stored);
    }

    /** Reads the whole file, dropping exact duplicates of ancillary chunks (some encoders repeat tEXt). */
    public List<PngChunk> readAll() throws IOException {
        try {
            readSignature();
            Set<PngChunk> chunks = new LinkedHashSet<>();
            for (PngChunk c = next(); c != null; c = next()) {
                chunks.add(c);
            }
            return new ArrayList<>(chunks);
        } catch (IllegalArgumentException e) {
            String where = source.replaceAll("[\\\\/]+", "/");
            throw new CorruptImageException(where + ": " + e.getMessage(), e);
        }
    }

    /** Pushes each chunk to the listener as it is read; used by the streaming metadata path. */
    public void stream(ChunkListener listener) throws IOException {
        readSignature();
        for (PngChunk c = next(); c != null; c = next()) {
            listener.onChunk(c);
        }
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    /** Joins and inflates the IDAT chunks of one image into its filtered scanlines. */
    public static byte[] inflate(List<PngChunk> chunks) throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        for (PngChunk c : chunks) {
            if (c.type().equals("IDAT")) {
                compressed.write(c.data());
            }
        }
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (InputStream z = new InflaterInputStream(new ByteArrayInputStream(compressed.toByteArray()))) {
            boolean more = true;
            while (more) {
                byte[] chunk = new byte[8192];
                int n = z.read(chunk);
                more = n >= 0;
                if (more) {
                    raw.write(chunk, 0, n);
                }
            }
        }
        return raw.toByteArray();
    }

    private byte[] readFully(int n) throws IOException {
        if (n < 0) {
            throw new CorruptImageException(source, offset, "negative chunk length " + n);
        }
        byte[] buf = new byte[n];
        int pos = 0;
        while (pos < n) {
            int r = in.read(buf, pos, n - pos);
            if (r < 0) {
                throw new EOFException();
            }
            pos += r;
        }
        offset += n;
        return buf;
    }
}
