package com.acme.mime;

import com.acme.mime.codec.Base64Codec;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates Message-ID values of the form {@code <token.seed@host>}. The application keeps one factory
 * per sending host; {@link #newMessageId(long)} runs for every message MessageBuilder builds.
 */
public final class MessageIdFactory {

    private final String host;
    private final String seedHex;
    private final AtomicInteger counter = new AtomicInteger();

    public MessageIdFactory(String host) {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("host is required");
        }
        this.host = host;
        this.seedHex = Long.toHexString(System.nanoTime() ^ Runtime.getRuntime().freeMemory());
    }

    public String newMessageId(long timeMillis) {
        byte[] raw = new byte[12];
        raw[0] = (byte) (timeMillis >>> 56);
        raw[1] = (byte) (timeMillis >>> 48);
        raw[2] = (byte) (timeMillis >>> 40);
        raw[3] = (byte) (timeMillis >>> 32);
        raw[4] = (byte) (timeMillis >>> 24);
        raw[5] = (byte) (timeMillis >>> 16);
        raw[6] = (byte) (timeMillis >>> 8);
        raw[7] = (byte) timeMillis;
        int n = counter.incrementAndGet();
        raw[8] = (byte) (n >>> 24);
        raw[9] = (byte) (n >>> 16);
        raw[10] = (byte) (n >>> 8);
        raw[11] = (byte) n;
        String token = Base64Codec.encodeUrlSafe(raw);
        return String.format("<%s.%s@%s>", token, seedHex, host);
    }

    /** Reads the creation time back out of a token; the bounce matcher calls it per bounce received. */
    public static long timestampOf(String messageId) {
        String token = messageId.substring(1, messageId.indexOf('.'));
        byte[] raw = Base64Codec.decodeUrlSafe(token);
        return (raw[0] & 0xFFL) << 56 | (raw[1] & 0xFFL) << 48 | (raw[2] & 0xFFL) << 40 | (raw[3] & 0xFFL) << 32
                | (raw[4] & 0xFFL) << 24 | (raw[5] & 0xFFL) << 16 | (raw[6] & 0xFFL) << 8 | (raw[7] & 0xFFL);
    }
}
