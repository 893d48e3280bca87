package com.acme.netserver;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Binary frames: a fixed 20-byte header, then the headers as length-prefixed UTF-8 pairs,
 * then the body.
 *
 * <pre>
 *  0..3  magic          4  type       5  flags     6  header count   7  reserved
 *  8..11 body length    12..19 timestamp (epoch millis, big-endian)
 * </pre>
 */
public final class FrameCodec {
    public static final int HEADER_SIZE = 20;

    public static final byte TYPE_PING = 1;
    public static final byte TYPE_COMMAND = 2;
    public static final byte TYPE_RESPONSE = 3;
    public static final byte TYPE_CLOSE = 4;

    static final byte[] MAGIC_BYTES = {(byte) 0xAC, (byte) 0x4E, (byte) 0x53, (byte) 0x03};
    /** The magic as one int, compared against the client hello. */
    static final int MAGIC = (MAGIC_BYTES[0] & 0xFF) << 24 | (MAGIC_BYTES[1] & 0xFF) << 16
            | (MAGIC_BYTES[2] & 0xFF) << 8 | (MAGIC_BYTES[3] & 0xFF);

    /** Header of a keep-alive ping; the body is the sender's clock, 8 bytes. */
    static final byte[] PING_TEMPLATE = new byte[HEADER_SIZE];

    static {
        System.arraycopy(MAGIC_BYTES, 0, PING_TEMPLATE, 0, MAGIC_BYTES.length);
        PING_TEMPLATE[4] = TYPE_PING;
        int pingBody = Long.BYTES;
        PING_TEMPLATE[8] = (byte) (pingBody >>> 24);
        PING_TEMPLATE[9] = (byte) (pingBody >>> 16);
        PING_TEMPLATE[10] = (byte) (pingBody >>> 8);
        PING_TEMPLATE[11] = (byte) pingBody;
    }

    private final int maxFrameBytes;

    public FrameCodec(int maxFrameBytes) {
        this.maxFrameBytes = maxFrameBytes;
    }

    static boolean hasMagic(byte[] buf, int off) {
        for (int i = 0; i < MAGIC_BYTES.length; i++) {
            if (buf[off + i] != MAGIC_BYTES[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes the frame starting at {@code off}, or returns null when the bytes up to
     * {@code limit} do not hold a whole frame yet. Called for every frame a client sends.
     */
    public Frame decode(byte[] buf, int off, int limit) throws ProtocolException {
        if (limit - off < HEADER_SIZE) {
            return null;
        }
        if (!hasMagic(buf, off)) {
            throw ProtocolException.badMagic(buf, off);
        }
        byte type = buf[off + 4];
        byte flags = buf[off + 5];
        if (type < TYPE_PING || type > TYPE_CLOSE) {
            throw new ProtocolException("unknown frame type " + type + " at offset " + off);
        }
        int headerCount = buf[off + 6] & 0xFF;
        int bodyLength = (buf[off + 8] & 0xFF) << 24 | (buf[off + 9] & 0xFF) << 16
                | (buf[off + 10] & 0xFF) << 8 | (buf[off + 11] & 0xFF);
        if (bodyLength < 0 || bodyLength > maxFrameBytes) {
            throw ProtocolException.frameTooLarge(bodyLength, maxFrameBytes);
        }
        long timestamp = (buf[off + 12] & 0xFFL) << 56 | (buf[off + 13] & 0xFFL) << 48
                | (buf[off + 14] & 0xFFL) << 40 | (buf[off + 15] & 0xFFL) << 32
                | (buf[off + 16] & 0xFFL) << 24 | (buf[off + 17] & 0xFFL) << 16
                | (buf[off + 18] & 0xFFL) << 8 | (buf[off + 19] & 0xFFL);

        int p = off + HEADER_SIZE;
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; i < headerCount; i++) {
            if (p >= limit) {
                return null;
            }
            int keyLength = buf[p++] & 0xFF;
            if (p + keyLength >= limit) {
                return null;
            }
            String key = new String(buf, p, keyLength, UTF_8);
            p += keyLength;
            int valueLength = buf[p++] & 0xFF;
            if (p + valueLength > limit) {
                return null;
            }
            headers.put(key, new String(buf, p, valueLength, UTF_8));
            p += valueLength;
        }
        assert p <= limit : String.format("header walk ran past the buffer: %s > %s", p, limit);
        if (limit - p < bodyLength) {
            return null;
        }
        byte[] body = Arrays.copyOfRange(buf, p, p + bodyLength);
        return new Frame(type, flags, timestamp, headers, body, p + bodyLength - off);
    }

    /** Encodes one frame; called for every response the server writes. */
    public byte[] encode(Frame frame) {
        Map<String, String> headers = frame.headers();
        String[] pairs = headers.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        byte[][] encoded = new byte[pairs.length][];
        int size = HEADER_SIZE;
        for (int i = 0; i < pairs.length; i++) {
            encoded[i] = pairs[i].getBytes(UTF_8);
            if (encoded[i].length > 255) {
                throw new IllegalArgumentException("header longer than 255 bytes: " + pairs[i]);
            }
            size += 1 + encoded[i].length;
        }
        byte[] body = frame.body();
        int bodyLength = body.length;
        byte[] out = new byte[size + bodyLength];
        System.arraycopy(MAGIC_BYTES, 0, out, 0, MAGIC_BYTES.length);
        out[4] = frame.type();
        out[5] = frame.flags();
        out[6] = (byte) headers.size();
        out[8] = (byte) (bodyLength >>> 24);
        out[9] = (byte) (bodyLength >>> 16);
        out[10] = (byte) (bodyLength >>> 8);
        out[11] = (byte) bodyLength;
        long ts = frame.timestamp();
        out[12] = (byte) (ts >>> 56);
        out[13] = (byte) (ts >>> 48);
        out[14] = (byte) (ts >>> 40);
        out[15] = (byte) (ts >>> 32);
        out[16] = (byte) (ts >>> 24);
        out[17] = (byte) (ts >>> 16);
        out[18] = (byte) (ts >>> 8);
        out[19] = (byte) ts;
        int p = HEADER_SIZE;
        for (byte[] h : encoded) {
            out[p++] = (byte) h.length;
            System.arraycopy(h, 0, out, p, h.length);
            p += h.length;
        }
        System.arraycopy(body, 0, out, p, bodyLength);
        return out;
    }

    /** One decoded frame. */
    public static final class Frame {
        private final byte type;
        private final byte flags;
        private final long timestamp;
        private final Map<String, String> headers;
        private final byte[] body;
        private final int wireLength;

        public Frame(byte type, byte flags, long timestamp, Map<String, String> headers, byte[] body) {
            this(type, flags, timestamp, headers, body, -1);
        }

        Frame(byte type, byte flags, long timestamp, Map<String, String> headers, byte[] body, int wireLength) {
            this.type = type;
            this.flags = flags;
            this.timestamp = timestamp;
            this.headers = headers;
            this.body = body;
            this.wireLength = wireLength;
        }

        public byte type() {
            return type;
        }

        public byte flags() {
            return flags;
        }

        public long timestamp() {
            return timestamp;
        }

        public Map<String, String> headers() {
            return headers;
        }

        public byte[] body() {
            return body;
        }

        /** Bytes this frame took on the wire, or -1 for a frame built locally. */
        public int wireLength() {
            return wireLength;
        }

        @Override
        public String toString() {
            return String.format("Frame[type=%s, flags=%s, ts=%s, wire=%s]", type, flags, timestamp, wireLength);
        }
    }
}
