package com.acme.etl.io;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StreamCorruptedException;

/**
 * Reads the ".dat" container: a sequence of records, each an 18-byte big-endian header
 * (magic, version, payload length, timestamp in millis) followed by the payload.
 */
public final class BinaryRecordReader implements Closeable {

    public static final int HEADER_SIZE = 18;
    public static final int MAX_RECORD = 16 << 20;
    static final int VERSION = 3;

    private static final byte[] MAGIC_BYTES = {'E', 'T', 'L', '1'};
    static final int MAGIC = (MAGIC_BYTES[0] & 0xFF) << 24 | (MAGIC_BYTES[1] & 0xFF) << 16 | (MAGIC_BYTES[2] & 0xFF) << 8 | (MAGIC_BYTES[3] & 0xFF);

    /** Magic and version, the first six bytes of every header. */
    private static final byte[] PREAMBLE = new byte[6];

    static {
        PREAMBLE[0] = (byte) (MAGIC >>> 24);
        PREAMBLE[1] = (byte) (MAGIC >>> 16);
        PREAMBLE[2] = (byte) (MAGIC >>> 8);
        PREAMBLE[3] = (byte) MAGIC;
        PREAMBLE[5] = (byte) VERSION;
    }

    public record Header(long recordNo, int version, int length, long timestamp) {
    }

    private final InputStream in;
    private final byte[] h = new byte[HEADER_SIZE];
    private long recordNo;

    public BinaryRecordReader(InputStream in) {
        this.in = in;
    }

    /** Reads the next header, or returns null at the end of the file. Called once per record. */
    public Header next() throws IOException {
        int got = in.readNBytes(h, 0, HEADER_SIZE);
        if (got == 0) {
            return null;
        }
        if (got < HEADER_SIZE) {
            throw new EOFException("truncated header after record " + recordNo + ": " + got + " of " + HEADER_SIZE + " bytes");
        }
        recordNo++;
        int magic = (h[0] & 0xFF) << 24 | (h[1] & 0xFF) << 16 | (h[2] & 0xFF) << 8 | (h[3] & 0xFF);
        if (magic != MAGIC) {
            throw new StreamCorruptedException("record " + recordNo + ": bad magic 0x" + Integer.toHexString(magic));
        }
        int version = (h[4] & 0xFF) << 8 | (h[5] & 0xFF);
        if (version > VERSION) {
            throw new StreamCorruptedException("record " + recordNo + ": unsupported version " + version);
        }
        int length = (h[6] & 0xFF) << 24
                | (h[7] & 0xFF) << 16
                | (h[8] & 0xFF) << 8
                | (h[9] & 0xFF);
        if (length < 0 || length > MAX_RECORD) {
            throw new StreamCorruptedException(badLength(h, recordNo));
        }
        long timestamp = ((long) (h[10] & 0xFF) << 56) | ((long) (h[11] & 0xFF) << 48) | ((long) (h[12] & 0xFF) << 40) | ((long) (h[13] & 0xFF) << 32)
                | ((long) (h[14] & 0xFF) << 24) | ((long) (h[15] & 0xFF) << 16) | ((long) (h[16] & 0xFF) << 8) | ((long) (h[17] & 0xFF));
        return new Header(recordNo, version, length, timestamp);
    }

    public void skipPayload(Header header) throws IOException {
        in.skipNBytes(header.length());
    }

    public byte[] readPayload(Header header) throws IOException {
        return in.readNBytes(header.length());
    }

    private static String badLength(byte[] h, long recordNo) {
        long declared = Integer.toUnsignedLong((h[6] & 0xFF) << 24 | (h[7] & 0xFF) << 16 | (h[8] & 0xFF) << 8 | (h[9] & 0xFF));
        return "record " + recordNo + " declares " + declared + " payload bytes, the limit is " + MAX_RECORD;
    }

    /** Fills one header; {@link Writer#append} calls this for every record. */
    public static void writeHeader(byte[] out, int off, int length, long timestamp) {
        System.arraycopy(PREAMBLE, 0, out, off, PREAMBLE.length);
        out[off + 6] = (byte) (length >>> 24);
        out[off + 7] = (byte) (length >>> 16);
        out[off + 8] = (byte) (length >>> 8);
        out[off + 9] = (byte) length;
        for (int i = 0; i < 8; i++) {
            out[off + 10 + i] = (byte) (timestamp >>> (56 - 8 * i));
        }
    }

    /** Writes records in the same container format. */
    public static final class Writer {
        private final OutputStream out;
        private final byte[] header = new byte[HEADER_SIZE];

        public Writer(OutputStream out) {
            this.out = out;
        }

        public void append(byte[] payload, long timestamp) throws IOException {
            writeHeader(header, 0, payload.length, timestamp);
            out.write(header);
            out.write(payload);
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
