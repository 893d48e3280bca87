package com.acme.arena.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Wire format of the game protocol: {@code [opcode:1][seq:4][payload]}, big-endian, strings as
 * {@code [length:2][utf-8]}. One codec is shared by all connections; decode and encode run for
 * every frame received and every frame sent.
 */
public final class PacketCodec {

    public static final int MAGIC = 0x41524E41; // "ARNA"
    public static final int VERSION = 7;

    /** First eight bytes of every connection, both ways: magic, then the protocol version. */
    static final byte[] HANDSHAKE = new byte[8];

    /** Opcode by packet name, listed by the admin console's "packets" command. */
    public static final Map<String, Integer> OPCODE_BY_NAME;

    static {
        HANDSHAKE[0] = (byte) (MAGIC >>> 24);
        HANDSHAKE[1] = (byte) (MAGIC >>> 16);
        HANDSHAKE[2] = (byte) (MAGIC >>> 8);
        HANDSHAKE[3] = (byte) MAGIC;
        HANDSHAKE[7] = (byte) VERSION;

        List<Class<? extends Packet>> kinds = List.of(Packet.Join.class, Packet.Move.class, Packet.Chat.class, Packet.Ping.class);
        Map<String, Integer> byName = new HashMap<>();
        for (Class<? extends Packet> kind : kinds) {
            byName.put(kind.getSimpleName().toLowerCase(Locale.ROOT), kind.getAnnotation(Packet.Opcode.class).value());
        }
        OPCODE_BY_NAME = Collections.unmodifiableMap(byName);
    }

    private static final Map<Class<?>, Integer> OPCODES = new ConcurrentHashMap<>();

    /** Thrown for a frame that cannot be decoded; the connection drops the frame and carries on. */
    public static final class ProtocolException extends IOException {
        private static final long serialVersionUID = 1L;

        public ProtocolException(String kind, int offset) {
            super(String.format("malformed %s packet at byte %s", kind, offset));
        }

        public ProtocolException(String message) {
            super(message);
        }
    }

    private final AtomicInteger nextSeq = new AtomicInteger();

    public Packet decode(byte[] frame, int off, int len) throws ProtocolException {
        if (len < 5) {
            throw new ProtocolException(truncated("header", 5, len));
        }
        int end = off + len;
        int opcode = frame[off] & 0xFF;
        int seq = (frame[off + 1] & 0xFF) << 24 | (frame[off + 2] & 0xFF) << 16
                | (frame[off + 3] & 0xFF) << 8 | (frame[off + 4] & 0xFF);
        int p = off + 5;
        switch (opcode) {
            case 1: {
                int nameLen = readShort(frame, p);
                String name = new String(frame, p + 2, nameLen, StandardCharsets.UTF_8);
                p += 2 + nameLen;
                int tokenLen = readShort(frame, p);
                if (p + 2 + tokenLen > end) {
                    throw new ProtocolException("join", p - off);
                }
                String token = new String(frame, p + 2, tokenLen, StandardCharsets.UTF_8);
                return new Packet.Join(name, token);
            }
            case 2: {
                if (end - p < 20) {
                    throw new ProtocolException(truncated("move", 20, end - p));
                }
                int entityId = readInt(frame, p);
                float x = Float.intBitsToFloat(readInt(frame, p + 4));
                float y = Float.intBitsToFloat(readInt(frame, p + 8));
                long clientTime = readLong(frame, p + 12);
                return new Packet.Move(entityId, x, y, clientTime);
            }
            case 3: {
                int channelLen = readShort(frame, p);
                String channel = new String(frame, p + 2, channelLen, StandardCharsets.UTF_8);
                p += 2 + channelLen;
                int textLen = readShort(frame, p);
                String text = new String(frame, p + 2, textLen, StandardCharsets.UTF_8);
                return new Packet.Chat(channel, text);
            }
            case 4: {
                if (end - p < 8) {
                    throw new ProtocolException(truncated("ping", 8, end - p));
                }
                return new Packet.Ping(readLong(frame, p));
            }
            default:
                throw new ProtocolException(String.format("unknown opcode %s in frame %s", opcode, seq));
        }
    }

    public byte[] encode(Packet packet) {
        int opcode = OPCODES.computeIfAbsent(packet.getClass(), PacketCodec::opcodeOf);
        byte[] payload = payloadOf(packet);
        byte[] out = new byte[5 + payload.length];
        int seq = nextSeq.incrementAndGet();
        out[0] = (byte) opcode;
        out[1] = (byte) (seq >>> 24);
        out[2] = (byte) (seq >>> 16);
        out[3] = (byte) (seq >>> 8);
        out[4] = (byte) seq;
        System.arraycopy(payload, 0, out, 5, payload.length);
        return out;
    }

    private static int opcodeOf(Class<?> type) {
        Packet.Opcode opcode = type.getAnnotation(Packet.Opcode.class);
        if (opcode == null) {
            throw new IllegalArgumentException(type.getName() + " has no @Opcode");
        }
        return opcode.value();
    }

    private static byte[] payloadOf(Packet packet) {
        if (packet instanceof Packet.Move move) {
            return ByteBuffer.allocate(20)
                    .putInt(move.entityId())
                    .putFloat(move.x())
                    .putFloat(move.y())
                    .putLong(move.clientTime())
                    .array();
        }
        if (packet instanceof Packet.Ping ping) {
            return ByteBuffer.allocate(8).putLong(ping.sentAt()).array();
        }
        if (packet instanceof Packet.Chat chat) {
            return strings(chat.channel(), chat.text());
        }
        Packet.Join join = (Packet.Join) packet;
        return strings(join.name(), join.token());
    }

    private static byte[] strings(String first, String second) {
        byte[] a = first.getBytes(StandardCharsets.UTF_8);
        byte[] b = second.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buf = ByteBuffer.allocate(4 + a.length + b.length);
        buf.putShort((short) a.length).put(a).putShort((short) b.length).put(b);
        return buf.array();
    }

    private static int readShort(byte[] b, int off) {
        return (b[off] & 0xFF) << 8 | (b[off + 1] & 0xFF);
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    static long readLong(byte[] b, int off) {
        return ((long) (b[off] & 0xFF) << 56) | ((long) (b[off + 1] & 0xFF) << 48)
                | ((long) (b[off + 2] & 0xFF) << 40) | ((long) (b[off + 3] & 0xFF) << 32)
                | ((long) (b[off + 4] & 0xFF) << 24) | ((long) (b[off + 5] & 0xFF) << 16)
                | ((long) (b[off + 6] & 0xFF) << 8) | ((long) (b[off + 7] & 0xFF));
    }

    private static String truncated(String kind, int need, int have) {
        return String.format("%s packet truncated: needs %s bytes, has %s", kind, need, have);
    }
}
