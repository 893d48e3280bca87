package com.acme.features.registry;

import com.acme.features.codec.FeatureVectorCodec.ValueType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One registered version of a feature group: the ordered feature list that fixes the layout of every vector
 * written under it. Instances are created by {@link SchemaRegistry} when a schema is registered and are
 * immutable afterwards; the serving path only reads them.
 */
public final class FeatureSchema {

    public record FeatureSpec(String name, ValueType type, float defaultValue) {
    }

    private final String name;
    private final int version;
    private final int schemaId;
    private final List<FeatureSpec> features;
    private final Map<String, Integer> indexByName;
    private final int fingerprint;

    FeatureSchema(String name, int version, int schemaId, List<FeatureSpec> specs) {
        this.name = name;
        this.version = version;
        this.schemaId = schemaId;
        this.features = new ArrayList<>();
        for (FeatureSpec spec : specs) {
            features.add(spec);
        }
        this.indexByName = new HashMap<>(specs.size());
        for (FeatureSpec spec : specs) {
            indexByName.put(spec.name(), indexByName.size());
        }
        this.fingerprint = Objects.hash(name, version, schemaId);
    }

    public String name() {
        return name;
    }

    public int version() {
        return version;
    }

    public int schemaId() {
        return schemaId;
    }

    public int fingerprint() {
        return fingerprint;
    }

    public List<FeatureSpec> features() {
        return Collections.unmodifiableList(features);
    }

    public int indexOf(String feature) {
        Integer index = indexByName.get(feature);
        return index == null ? -1 : index;
    }

    /** Feature names in vector order; the server puts them in every response. */
    public List<String> featureNames() {
        return features.stream().map(f -> f.name()).collect(Collectors.toList());
    }

    /** Column names for a training table; the offline loader asks once per shard it opens. */
    public String[] columnNames(String prefix) {
        return features.stream().map(f -> prefix + f.name()).toArray(String[]::new);
    }

    @Override
    public String toString() {
        return String.format("FeatureSchema{%s@%s, id=%s, fingerprint=%s}", name, version, schemaId, fingerprint);
    }
}
