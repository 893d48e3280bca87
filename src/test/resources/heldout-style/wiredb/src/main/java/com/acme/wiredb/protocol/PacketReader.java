package com.acme.wiredb.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads framed backend packets: a one byte type, a four byte big-endian length that
 * counts itself, then the payload.
 */
public final class PacketReader {

    public static final int HEADER_SIZE = 5;
    public static final int MAX_PACKET = 1 << 30;

    /** Called by the connection for every packet it reads (tracing, metrics). */
    public interface PacketListener {
        void onPacket(Packet packet);
    }

    public static final class Packet {
        private final char type;
        private final int seq;
        private final int length;
        private final byte[] payload;

        Packet(char type, int seq, int length, byte[] payload) {
            this.type = type;
            this.seq = seq;
            this.length = length;
            this.payload = payload;
        }

        public char type() {
            return type;
        }

        public int sequence() {
            return seq;
        }

        public byte[] payload() {
            return payload;
        }

        public int readInt(int off) {
            return (payload[off] & 0xFF) << 24
                    | (payload[off + 1] & 0xFF) << 16
                    | (payload[off + 2] & 0xFF) << 8
                    | (payload[off + 3] & 0xFF);
        }

        public int readShort(int off) {
            return (payload[off] & 0xFF) << 8 | (payload[off + 1] & 0xFF);
        }

        public String readCString(int off) {
            int end = off;
            while (payload[end] != 0) {
                end++;
            }
            return new String(payload, off, end - off, java.nio.charset.StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return String.format("Packet[%s seq=%s len=%s]", type, seq, length);
        }
    }

    private final InputStream in;
    private final byte[] header = new byte[HEADER_SIZE];
    private volatile PacketListener listener;
    private int sequence;

    public PacketReader(InputStream in) {
        this.in = in;
    }

    public void setListener(PacketListener listener) {
        this.listener = listener;
    }

    public Packet next() throws IOException {
        readFully(header, 0, HEADER_SIZE);
        char type = (char) (header[0] & 0xFF);
        int length = (header[1] & 0xFF) << 24
                | (header[2] & 0xFF) << 16
                | (header[3] & 0xFF) << 8
                | (header[4] & 0xFF);
        if (length < 4 || length > MAX_PACKET) {
            throw new IOException(String.format("Invalid packet length %s for type %s", length, type));
        }
        byte[] payload = new byte[length - 4];
        readFully(payload, 0, payload.length);
        Packet packet = new Packet(type, sequence++, length, payload);
        PacketListener l = listener;
        if (l != null) {
            l.onPacket(packet);
        }
        return packet;
    }

    private void readFully(byte[] buf, int off, int len) throws IOException {
        int done = 0;
        while (done < len) {
            int n = in.read(buf, off + done, len - done);
            if (n < 0) {
                throw new EOFException("Connection closed by server");
            }
            done += n;
        }
    }
}
