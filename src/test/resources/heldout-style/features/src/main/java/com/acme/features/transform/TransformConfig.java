package com.acme.features.transform;

import com.acme.features.registry.FeatureSchema;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which transforms to apply to one lookup. Despite the name this is not start-up configuration: callers
 * override the defaults with {@code opt.*} query parameters, so {@link #forRequest} builds a fresh
 * instance for every request.
 */
public final class TransformConfig {

    public enum Kind { IDENTITY, LOG1P, CLIP, BUCKETIZE, CATEGORY, STANDARDIZE }

    private static final List<Kind> BUILTINS = List.of(Kind.values());

    static final Set<String> BUILTIN_NAMES = BUILTINS.stream().map(k -> k.name().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

    private static final Set<String> DEFAULT_ENABLED = Set.of("log1p", "clip");

    private final String cacheKey;
    private final Map<String, String> options;
    private final Set<String> enabled;
    private final float clipMin;
    private final float clipMax;
    private final float[] boundaries;

    private TransformConfig(String cacheKey, Map<String, String> options, Set<String> enabled,
                            float clipMin, float clipMax, float[] boundaries) {
        this.cacheKey = cacheKey;
        this.options = options;
        this.enabled = enabled;
        this.clipMin = clipMin;
        this.clipMax = clipMax;
        this.boundaries = boundaries;
    }

    /** Called by {@code FeatureServer.lookup} for every request. */
    public static TransformConfig forRequest(FeatureSchema schema, Map<String, String> requestOptions) {
        String schemaName = schema.name();
        int version = schema.version();
        String cacheKey = String.format(Locale.ROOT, "%s@%d", schemaName, version);

        Map<String, String> opts = new HashMap<>((int) (requestOptions.size() / 0.75f) + 1);
        opts.putAll(requestOptions);

        Set<String> enabled = new HashSet<>();
        enabled.addAll(DEFAULT_ENABLED);
        String extra = opts.get("transforms");
        if (extra != null) {
            for (String t : extra.split("[,+]")) {
                if (!BUILTIN_NAMES.contains(t)) {
                    throw new IllegalArgumentException(String.format("unknown transform %s for %s", t, cacheKey));
                }
                enabled.add(t);
            }
        }

        float clipMin = -1e6f;
        float clipMax = 1e6f;
        String clip = opts.get("clip");
        if (clip != null) {
            int colon = clip.indexOf(':');
            clipMin = Float.parseFloat(clip.substring(0, colon));
            clipMax = Float.parseFloat(clip.substring(colon + 1));
        }

        float[] boundaries = new float[0];
        String buckets = opts.get("buckets");
        if (buckets != null) {
            String[] parts = buckets.split(",");
            boundaries = new float[parts.length];
            for (int i = 0; i < parts.length; i++) {
                boundaries[i] = Float.parseFloat(parts[i]);
            }
        }
        return new TransformConfig(cacheKey, opts, enabled, clipMin, clipMax, boundaries);
    }

    public boolean enabled(String transform) {
        return enabled.contains(transform);
    }

    public String option(String name) {
        return options.get(name);
    }

    public float clipMin() {
        return clipMin;
    }

    public float clipMax() {
        return clipMax;
    }

    public float[] boundaries() {
        return boundaries;
    }

    public String cacheKey() {
        return cacheKey;
    }
}
