package com.acme.telemetry.ingest;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decodes the binary frame format (protocol v2) sent by battery-powered devices.
 *
 * <pre>
 *  0      magic      u32   0x54454C32 ("TEL2")
 *  4      version    u8
 *  5      build      u32   firmware build number
 *  9      idLength   u8
 *  10     deviceId   idLength bytes, US-ASCII
 *  p      seq        u32
 *  p+4    timestamp  i64   epoch millis
 *  p+12   count      u8
 *  p+13   readings   count * (metricId u8, value i16 in hundredths)
 * </pre>
 */
public final class BinaryFrameDecoder {

    public static final int MAGIC = 0x54454C32;
    public static final int VERSION = 2;
    static final int MIN_LENGTH = 23;
    static final int ACK_LENGTH = 16;

    private static final byte[] ACK_TEMPLATE = new byte[ACK_LENGTH];
    private static final String[] METRIC_NAMES = {"temp", "hum", "bat", "rssi", "co2", "pm25"};

    static {
        ACK_TEMPLATE[0] = (byte) (MAGIC >>> 24);
        ACK_TEMPLATE[1] = (byte) (MAGIC >>> 16);
        ACK_TEMPLATE[2] = (byte) (MAGIC >>> 8);
        ACK_TEMPLATE[3] = (byte) MAGIC;
    }

    /** One decoded frame, binary or text. */
    public static final class DecodedFrame {
        public final String deviceId;
        public final int seq;
        public final long timestamp;
        public final Map<String, Double> values;

        public DecodedFrame(String deviceId, int seq, long timestamp, Map<String, Double> values) {
            this.deviceId = deviceId;
            this.seq = seq;
            this.timestamp = timestamp;
            this.values = values;
        }

        @Override
        public String toString() {
            int n = values.size();
            return String.format("DecodedFrame[%s seq=%s ts=%s readings=%s]", deviceId, seq, timestamp, n);
        }
    }

    public static final class FrameFormatException extends Exception {
        public FrameFormatException(String message) {
            super(message);
        }

        public FrameFormatException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public DecodedFrame decode(byte[] f) throws FrameFormatException {
        int len = f.length;
        if (len < MIN_LENGTH) {
            throw new FrameFormatException(String.format("frame too short: %d bytes, need %d", len, MIN_LENGTH));
        }
        int magic = (f[0] & 0xFF) << 24 | (f[1] & 0xFF) << 16 | (f[2] & 0xFF) << 8 | (f[3] & 0xFF);
        if (magic != MAGIC) {
            throw new FrameFormatException("bad magic 0x" + Integer.toHexString(magic));
        }
        int version = f[4] & 0xFF;
        if (version != VERSION) {
            throw new FrameFormatException("unsupported protocol version " + version + " from firmware build "
                    + ((f[5] & 0xFF) << 24 | (f[6] & 0xFF) << 16 | (f[7] & 0xFF) << 8 | (f[8] & 0xFF)));
        }
        int idLength = f[9] & 0xFF;
        int p = 10 + idLength;
        if (p + 13 > len) {
            throw new FrameFormatException("device id of " + idLength + " bytes overruns a frame of " + len);
        }
        String deviceId = new String(f, 10, idLength, StandardCharsets.US_ASCII);
        int seq = ByteBuffer.wrap(f, p, 4).getInt();
        int t = p + 4;
        long timestamp = (f[t] & 0xFFL) << 56 | (f[t + 1] & 0xFFL) << 48 | (f[t + 2] & 0xFFL) << 40
                | (f[t + 3] & 0xFFL) << 32 | (f[t + 4] & 0xFFL) << 24 | (f[t + 5] & 0xFFL) << 16
                | (f[t + 6] & 0xFFL) << 8 | (f[t + 7] & 0xFFL);
        int count = f[p + 12] & 0xFF;
        int q = p + 13;
        if (q + count * 3 > len) {
            throw new FrameFormatException(count + " readings do not fit in " + len + " bytes");
        }
        Map<String, Double> values = new LinkedHashMap<>();
        for (int i = 0; i < count; i++, q += 3) {
            int id = f[q] & 0xFF;
            int centi = (short) ((f[q + 1] & 0xFF) << 8 | (f[q + 2] & 0xFF));
            String name = id < METRIC_NAMES.length ? METRIC_NAMES[id] : "m" + id;
            values.put(name, centi / 100.0);
        }
        return new DecodedFrame(deviceId, seq, timestamp, values);
    }

    /** Builds the acknowledgement sent back for every accepted frame. */
    public byte[] ack(DecodedFrame frame) {
        byte[] ack = ACK_TEMPLATE.clone();
        int seq = frame.seq;
        ack[4] = (byte) (seq >>> 24);
        ack[5] = (byte) (seq >>> 16);
        ack[6] = (byte) (seq >>> 8);
        ack[7] = (byte) seq;
        long now = System.currentTimeMillis();
        ack[8] = (byte) (now >>> 56);
        ack[9] = (byte) (now >>> 48);
        ack[10] = (byte) (now >>> 40);
        ack[11] = (byte) (now >>> 32);
        ack[12] = (byte) (now >>> 24);
        ack[13] = (byte) (now >>> 16);
        ack[14] = (byte) (now >>> 8);
        ack[15] = (byte) now;
        return ack;
    }
}
