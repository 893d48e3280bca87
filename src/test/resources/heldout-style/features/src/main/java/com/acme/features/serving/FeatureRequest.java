package com.acme.features.serving;

import com.acme.features.framework.Http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One online lookup, parsed from {@code GET /v1/features/<schema>@<version>/<entity>?features=a,b,c}.
 * A new instance is made for every request the server receives.
 */
public final class FeatureRequest {

    static final String PREFIX = "/v1/features/";
    private static final String OPTION_PREFIX = "opt.";

    private final String schemaName;
    private final int schemaVersion;
    private final String entityId;
    private final List<String> features;
    private final Map<String, String> options;

    FeatureRequest(String schemaName, int schemaVersion, String rawEntity, String[] featureNames,
                   Map<String, String> options) {
        this.schemaName = schemaName;
        this.schemaVersion = schemaVersion;
        this.entityId = rawEntity.replaceAll("[^A-Za-z0-9:_-]", "");
        this.features = new ArrayList<>();
        for (String name : featureNames) {
            features.add(name.trim());
        }
        this.options = options;
    }

    public static FeatureRequest parse(Http.Request request) {
        String path = request.path();
        if (!path.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a feature lookup: " + path);
        }
        int at = path.indexOf('@', PREFIX.length());
        int slash = at < 0 ? -1 : path.indexOf('/', at);
        if (slash < 0) {
            throw new IllegalArgumentException(String.format("expected %s<schema>@<version>/<entity>, got %s", PREFIX, path));
        }
        String schemaName = path.substring(PREFIX.length(), at);
        int version = Integer.parseInt(path.substring(at + 1, slash));
        String entity = path.substring(slash + 1);

        String list = request.query("features");
        String[] names = list == null ? new String[0] : list.split(",");

        Map<String, String> options = new HashMap<>();
        for (Map.Entry<String, String> e : request.queryParams().entrySet()) {
            if (e.getKey().startsWith(OPTION_PREFIX)) {
                options.put(e.getKey().substring(OPTION_PREFIX.length()), e.getValue());
            }
        }
        return new FeatureRequest(schemaName, version, entity, names, options);
    }

    public String schemaName() {
        return schemaName;
    }

    public int schemaVersion() {
        return schemaVersion;
    }

    public String entityId() {
        return entityId;
    }

    public List<String> features() {
        return Collections.unmodifiableList(features);
    }

    public Map<String, String> options() {
        return options;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FeatureRequest other)) {
            return false;
        }
        return schemaVersion == other.schemaVersion
                && schemaName.equals(other.schemaName)
                && entityId.equals(other.entityId)
                && features.equals(other.features);
    }

    /** Requests are keys of the server's in-flight map, so this runs on every lookup. */
    @Override
    public int hashCode() {
        return Objects.hash(schemaName, schemaVersion, entityId, features);
    }
}
