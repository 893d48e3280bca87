package com.acme.flags.eval;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Deterministic percentage rollouts: a context lands in the same bucket of a flag on every server,
 * every time, so a 10 % rollout keeps the same 10 % of users.
 */
public final class Bucketer {

    /** Rollout weights are thousandths of a percent, so buckets run from 0 to 99_999. */
    public static final int BUCKETS = 100_000;

    private final ThreadLocal<MessageDigest> sha1 = ThreadLocal.withInitial(Bucketer::newSha1);

    private static MessageDigest newSha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required by the bucketing scheme", e);
        }
    }

    /** Bucket of a context for a flag; called by every evaluation that reaches the rollout. */
    public int bucket(String flagKey, String salt, String bucketByValue) {
        String seed = String.format("%s.%s.%s", flagKey, salt, bucketByValue);
        byte[] d = sha1.get().digest(seed.getBytes(StandardCharsets.UTF_8));
        int h = (d[0] & 0xFF) << 24 | (d[1] & 0xFF) << 16 | (d[2] & 0xFF) << 8 | (d[3] & 0xFF);
        return (int) (Integer.toUnsignedLong(h) % BUCKETS);
    }

    /** Index of the variation whose cumulative weight covers {@code bucket}. */
    public static int variationFor(int bucket, int[] weights) {
        int cumulative = 0;
        for (int i = 0; i < weights.length; i++) {
            cumulative += weights[i];
            if (bucket < cumulative) {
                return i;
            }
        }
        return weights.length - 1;
    }

    /**
     * Stable 64-bit id of a context, sent with each exposure event so the warehouse can join
     * exposures to outcomes without receiving the raw key.
     */
    public long contextId(String kind, String key) {
        byte[] d = sha1.get().digest((kind + ':' + key).getBytes(StandardCharsets.UTF_8));
        return (d[7] & 0xFFL) << 56 | (d[6] & 0xFFL) << 48 | (d[5] & 0xFFL) << 40 | (d[4] & 0xFFL) << 32
                | (d[3] & 0xFFL) << 24 | (d[2] & 0xFFL) << 16 | (d[1] & 0xFFL) << 8 | (d[0] & 0xFFL);
    }

    @Override
    public String toString() {
        return String.format("Bucketer[sha1, %d buckets]", BUCKETS);
    }
}
