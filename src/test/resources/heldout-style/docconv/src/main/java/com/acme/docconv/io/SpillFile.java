package com.acme.docconv.io;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * Rows held on disk between reading and writing a file, for inputs whose columns are only known once every row
 * has been read (JSON Lines into CSV or XML). A record is a length, a CRC-32 of the payload and the payload.
 */
public final class SpillFile implements Closeable {

    static final int MAGIC = 0x44435331; // "DCS1"
    private static final byte[] MAGIC_BYTES = new byte[4];

    static {
        MAGIC_BYTES[0] = (byte) (MAGIC >>> 24);
        MAGIC_BYTES[1] = (byte) (MAGIC >>> 16);
        MAGIC_BYTES[2] = (byte) (MAGIC >>> 8);
        MAGIC_BYTES[3] = (byte) MAGIC;
    }

    private final Path path;
    private final OutputStream out;
    private final byte[] header = new byte[8];
    private final CRC32 crc = new CRC32();
    private int count;

    private SpillFile(Path path, OutputStream out) {
        this.path = path;
        this.out = out;
    }

    public static SpillFile create(Path dir) throws IOException {
        Path path = Files.createTempFile(dir, "spill-", ".bin");
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(path));
        out.write(MAGIC_BYTES);
        return new SpillFile(path, out);
    }

    public Path path() {
        return path;
    }

    public int count() {
        return count;
    }

    public void append(String line) throws IOException {
        byte[] payload = line.getBytes(StandardCharsets.UTF_8);
        int len = payload.length;
        crc.reset();
        crc.update(payload);
        int sum = (int) crc.getValue();
        header[0] = (byte) (len >>> 24);
        header[1] = (byte) (len >>> 16);
        header[2] = (byte) (len >>> 8);
        header[3] = (byte) len;
        header[4] = (byte) (sum >>> 24);
        header[5] = (byte) (sum >>> 16);
        header[6] = (byte) (sum >>> 8);
        header[7] = (byte) sum;
        out.write(header);
        out.write(payload);
        count++;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** Hands every spilled line to the sink, in the order they were appended. */
    public static int replay(Path path, Consumer<String> sink) throws IOException {
        int records = 0;
        CRC32 check = new CRC32();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path))) {
            verify(path, in.readNBytes(4));
            byte[] h = new byte[8];
            while (in.readNBytes(h, 0, 8) == 8) {
                int len = (h[0] & 0xFF) << 24 | (h[1] & 0xFF) << 16 | (h[2] & 0xFF) << 8 | (h[3] & 0xFF);
                int sum = (h[4] & 0xFF) << 24
                        | (h[5] & 0xFF) << 16
                        | (h[6] & 0xFF) << 8
                        | (h[7] & 0xFF);
                byte[] payload = in.readNBytes(len);
                check.reset();
                check.update(payload);
                if (payload.length != len || (int) check.getValue() != sum) {
                    String name = path.getFileName().toString();
                    throw new IOException(name + ": record " + records + " is damaged");
                }
                sink.accept(new String(payload, StandardCharsets.UTF_8));
                records++;
            }
        }
        return records;
    }

    static void verify(Path path, byte[] head) throws IOException {
        if (Arrays.equals(head, MAGIC_BYTES)) {
            return;
        }
        if (head.length < 4) {
            throw new EOFException("truncated spill file " + path);
        }
        int found = (head[0] & 0xFF) << 24 | (head[1] & 0xFF) << 16 | (head[2] & 0xFF) << 8 | (head[3] & 0xFF);
        throw new IOException(path.getFileName() + " is not a spill file (magic 0x" + Integer.toHexString(found) + ")");
    }
}
