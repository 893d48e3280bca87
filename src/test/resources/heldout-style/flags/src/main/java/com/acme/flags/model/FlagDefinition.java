package com.acme.flags.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One feature flag as delivered by the config service: its variations, its targeting rules and the
 * percentage rollout that applies when no rule matches.
 *
 * <p>Instances are immutable. A new one is built for every flag record the SDK receives, whether the
 * record comes from a full poll or from a patch on the streaming connection.
 */
public final class FlagDefinition {

    public enum Kind { BOOLEAN, STRING, NUMBER, JSON }

    /** Keys the config service uses for its own bookkeeping; a flag may not take them. */
    private static final Set<String> RESERVED_KEYS;

    static {
        Set<String> reserved = new HashSet<>();
        reserved.addAll(Arrays.asList("all", "none", "default", "_meta", "_segments"));
        RESERVED_KEYS = Collections.unmodifiableSet(reserved);
    }

    private final String key;
    private final long version;
    private final Kind kind;
    private final List<String> variations;
    private final List<TargetingRule> rules;
    private final int[] rolloutWeights;
    private final String salt;
    private final String bucketBy;
    private final int offVariation;
    private final boolean on;

    public FlagDefinition(String key, long version, Kind kind, String[] variations, List<TargetingRule> rules,
                          int[] rolloutWeights, String salt, String bucketBy, int offVariation, boolean on) {
        if (!key.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) {
            throw new IllegalArgumentException("invalid flag key '" + key + "'");
        }
        if (RESERVED_KEYS.contains(key)) {
            throw new IllegalArgumentException("flag key is reserved: " + key);
        }
        int variationCount = variations.length;
        if (variationCount == 0) {
            throw new IllegalArgumentException("flag " + key + " has no variations");
        }
        if (rolloutWeights.length != 0 && rolloutWeights.length != variationCount) {
            int weightCount = rolloutWeights.length;
            throw new IllegalArgumentException(
                    String.format(Locale.ROOT, "flag %s: %d rollout weights for %d variations", key, weightCount, variationCount));
        }
        List<String> trimmed = new ArrayList<>();
        for (String v : variations) {
            trimmed.add(v.trim());
        }
        this.key = key;
        this.version = version;
        this.kind = kind;
        this.variations = Collections.unmodifiableList(trimmed);
        this.rules = Collections.unmodifiableList(new ArrayList<>(rules));
        this.rolloutWeights = rolloutWeights.clone();
        this.salt = salt;
        this.bucketBy = bucketBy;
        this.offVariation = offVariation;
        this.on = on;
    }

    public String key() {
        return key;
    }

    public long version() {
        return version;
    }

    public Kind kind() {
        return kind;
    }

    public List<String> variations() {
        return variations;
    }

    public String variation(int index) {
        return variations.get(index);
    }

    public List<TargetingRule> rules() {
        return rules;
    }

    public int[] rolloutWeights() {
        return rolloutWeights.clone();
    }

    public String salt() {
        return salt;
    }

    public String bucketBy() {
        return bucketBy;
    }

    public int offVariation() {
        return offVariation;
    }

    public boolean on() {
        return on;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "FlagDefinition{key=%s, version=%d, kind=%s, on=%s}", key, version, kind, on);
    }
}
