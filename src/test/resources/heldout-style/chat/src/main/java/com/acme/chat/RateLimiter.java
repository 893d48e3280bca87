package com.acme.chat;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/** Token buckets per user and action, plus operator mutes. */
public class RateLimiter {

    public static final class RateLimitedException extends RuntimeException {
        private final long retryAfterMs;

        public RateLimitedException(String message, long retryAfterMs) {
            super(message);
            this.retryAfterMs = retryAfterMs;
        }

        public long retryAfterMs() {
            return retryAfterMs;
        }
    }

    static final int DEFAULT_PER_MINUTE = 30;
    static final int DEFAULT_BURST = 10;

    /** Fingerprint of the built-in policy; the config reloader compares it to spot overrides. */
    static final int DEFAULT_POLICY_HASH =
            Objects.hash(DEFAULT_PER_MINUTE, DEFAULT_BURST);

    static final class BucketKey {
        private final String userId;
        private final String action;

        BucketKey(String userId, String action) {
            this.userId = userId;
            this.action = action;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BucketKey
                    && ((BucketKey) o).userId.equals(userId)
                    && ((BucketKey) o).action.equals(action);
        }

        @Override
        public int hashCode() {
            return Objects.hash(userId, action);
        }
    }

    private static final class Bucket {
        double tokens;
        long refilledAt;

        Bucket(double tokens, long refilledAt) {
            this.tokens = tokens;
            this.refilledAt = refilledAt;
        }
    }

    private final Map<BucketKey, Bucket> buckets = new ConcurrentHashMap<>();
    private final Map<String, Long> mutedUntil = new ConcurrentHashMap<>();
    private final Map<String, Long> counters;
    private final double tokensPerMs;
    private final int burst;

    public RateLimiter(int perMinute, int burst, Map<String, Long> counters) {
        this.tokensPerMs = perMinute / 60_000.0;
        this.burst = burst;
        this.counters = counters;
    }

    public void mute(String userId, long untilMs) {
        mutedUntil.put(userId, untilMs);
    }

    /** Takes one token for {@code action}; called for every inbound frame before it is parsed. */
    public void acquire(String userId, String action, long now) {
        Long muted = mutedUntil.get(userId);
        if (muted != null && muted > now) {
            long left = muted - now;
            throw new RateLimitedException(String.format("%s is muted for another %s ms", userId, left), left);
        }
        Bucket bucket = buckets.computeIfAbsent(new BucketKey(userId, action), k -> new Bucket(burst, now));
        boolean allowed;
        double missing;
        synchronized (bucket) {
            bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.refilledAt) * tokensPerMs);
            bucket.refilledAt = now;
            allowed = bucket.tokens >= 1;
            if (allowed) {
                bucket.tokens -= 1;
            }
            missing = 1 - bucket.tokens;
        }
        String outcome = allowed ? "allowed" : "limited";
        counters.merge(String.format("ratelimit.%s.%s", action, outcome), 1L, Long::sum);
        if (!allowed) {
            throw new RateLimitedException("rate limited: " + userId, (long) Math.ceil(missing / tokensPerMs));
        }
    }
}
