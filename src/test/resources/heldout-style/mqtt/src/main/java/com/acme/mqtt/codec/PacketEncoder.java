package com.acme.mqtt.codec;

import java.nio.charset.StandardCharsets;

import com.acme.mqtt.codec.MqttPackets.PublishPacket;

/** Encodes the packets the broker sends. Shared by all connections; it keeps no state. */
public final class PacketEncoder {

    /** Largest value a variable byte integer can hold. */
    static final int MAX_REMAINING = 268_435_455;

    /** CONNACK property block advertising the maximum packet size; the same bytes for every client. */
    private static final byte[] CONNACK_PROPS = new byte[5];

    static {
        CONNACK_PROPS[0] = 0x27;
        CONNACK_PROPS[1] = (byte) (MAX_REMAINING >>> 24);
        CONNACK_PROPS[2] = (byte) (MAX_REMAINING >>> 16);
        CONNACK_PROPS[3] = (byte) (MAX_REMAINING >>> 8);
        CONNACK_PROPS[4] = (byte) MAX_REMAINING;
    }

    private static final byte[] PINGRESP = {(byte) 0xD0, 0x00};

    public byte[] pingResp() {
        return PINGRESP.clone();
    }

    public byte[] encodeConnack(boolean sessionPresent, int reasonCode) {
        byte[] out = new byte[2 + 3 + CONNACK_PROPS.length];
        out[0] = 0x20;
        out[1] = (byte) (3 + CONNACK_PROPS.length);
        out[2] = (byte) (sessionPresent ? 1 : 0);
        out[3] = (byte) reasonCode;
        out[4] = (byte) CONNACK_PROPS.length;
        System.arraycopy(CONNACK_PROPS, 0, out, 5, CONNACK_PROPS.length);
        return out;
    }

    public byte[] encodeSuback(int packetId, byte[] reasonCodes) {
        int remaining = 2 + 1 + reasonCodes.length;
        byte[] out = new byte[1 + varintSize(remaining) + remaining];
        out[0] = (byte) 0x90;
        int pos = writeVarint(out, 1, remaining);
        out[pos++] = (byte) (packetId >>> 8);
        out[pos++] = (byte) packetId;
        out[pos++] = 0;
        System.arraycopy(reasonCodes, 0, out, pos, reasonCodes.length);
        return out;
    }

    /** Encodes one outgoing PUBLISH; called once per subscriber for every message routed. */
    public byte[] encodePublish(PublishPacket p, int remainingExpiry) {
        byte[] topic = p.topic().getBytes(StandardCharsets.UTF_8);
        byte[] payload = p.payload();
        int propsLength = remainingExpiry > 0 ? 5 : 0;
        long remaining = 2L + topic.length + (p.qos() > 0 ? 2 : 0) + 1 + propsLength + payload.length;
        if (remaining > MAX_REMAINING) {
            throw new IllegalArgumentException(tooLarge(p.topic(), remaining));
        }
        int length = (int) remaining;
        byte[] out = new byte[1 + varintSize(length) + length];
        out[0] = (byte) (0x30 | p.qos() << 1 | (p.retain() ? 1 : 0));
        int pos = writeVarint(out, 1, length);
        out[pos++] = (byte) (topic.length >>> 8);
        out[pos++] = (byte) topic.length;
        System.arraycopy(topic, 0, out, pos, topic.length);
        pos += topic.length;
        if (p.qos() > 0) {
            out[pos++] = (byte) (p.packetId() >>> 8);
            out[pos++] = (byte) p.packetId();
        }
        out[pos++] = (byte) propsLength;
        if (remainingExpiry > 0) {
            out[pos++] = 0x02;
            out[pos] = (byte) (remainingExpiry >>> 24);
            out[pos + 1] = (byte) (remainingExpiry >>> 16);
            out[pos + 2] = (byte) (remainingExpiry >>> 8);
            out[pos + 3] = (byte) remainingExpiry;
            pos += 4;
        }
        System.arraycopy(payload, 0, out, pos, payload.length);
        return out;
    }

    /** The message of the exception thrown when a PUBLISH cannot be framed. */
    private static String tooLarge(String topic, long size) {
        return String.format("PUBLISH on %s would need %s bytes, more than a packet can carry", topic, size);
    }

    static int varintSize(int value) {
        if (value < 0 || value > MAX_REMAINING) {
            throw new IllegalArgumentException("remaining length " + value + " is outside 0.." + MAX_REMAINING);
        }
        return value < 128 ? 1 : value < 16_384 ? 2 : value < 2_097_152 ? 3 : 4;
    }

    static int writeVarint(byte[] out, int pos, int value) {
        do {
            int digit = value % 128;
            value /= 128;
            out[pos++] = (byte) (value > 0 ? digit | 0x80 : digit);
        } while (value > 0);
        return pos;
    }
}
