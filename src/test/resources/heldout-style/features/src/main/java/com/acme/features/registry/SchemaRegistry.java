package com.acme.features.registry;

import com.acme.features.codec.FeatureVectorCodec;
import com.acme.features.codec.FeatureVectorCodec.ValueType;
import com.acme.features.framework.Telemetry.Log;
import com.acme.features.registry.FeatureSchema.FeatureSpec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Registered feature schemas, by name and version. Schemas are loaded from the schema directory when the
 * process starts (and, rarely, registered from a POJO by a producer library); {@link #lookup} is called by the
 * serving path for every request.
 */
public final class SchemaRegistry {

    private static final Log LOG = Log.get(SchemaRegistry.class);

    /** Feature names of a producer's POJO, found by reflection the first time the type is registered. */
    private static final Map<Class<?>, List<String>> POJO_FEATURES = new ConcurrentHashMap<>();

    private final Map<SchemaKey, FeatureSchema> byKey = new ConcurrentHashMap<>();
    private final Map<String, Integer> latestByName = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(1);

    /** Key of the registry map; one is built for every lookup. */
    static final class SchemaKey {
        private final String name;
        private final int version;

        SchemaKey(String name, int version) {
            this.name = name;
            this.version = version;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof SchemaKey other)) {
                return false;
            }
            return version == other.version && name.equals(other.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, version);
        }
    }

    /** Reads every {@code *.schema} file of {@code dir}; called once from the server's and the backfill's main. */
    public void loadAll(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.schema")) {
            for (Path file : files) {
                String text;
                try (InputStream in = Files.newInputStream(file)) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    byte[] buf = new byte[8192];
                    int n;
                    while ((n = in.read(buf)) != -1) {
                        out.write(buf, 0, n);
                    }
                    text = out.toString(StandardCharsets.UTF_8);
                }
                register(file.getFileName().toString(), text);
            }
        }
        logSummary();
    }

    /**
     * Parses one schema file: first line {@code name@version}, then one {@code feature : tag : default} per line.
     */
    FeatureSchema register(String source, String text) {
        List<String> lines = text.lines().toList();
        String head = lines.get(0).trim();
        int at = head.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException(source + ": first line must be name@version, got '" + head + "'");
        }
        String name = head.substring(0, at);
        int version = Integer.parseInt(head.substring(at + 1, head.length()));
        List<FeatureSpec> specs = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s*:\\s*");
            if (!FeatureVectorCodec.KNOWN_TAGS.contains(parts[1])) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + ": unknown type tag " + parts[1]);
            }
            specs.add(new FeatureSpec(parts[0], typeOf(parts[1]), Float.parseFloat(parts[2])));
        }
        return put(name, version, specs);
    }

    /** Registers a schema from a producer's POJO: one float feature per non-static field. */
    public FeatureSchema register(Class<?> pojo, String name, int version) {
        List<String> fieldNames = POJO_FEATURES.computeIfAbsent(pojo, type -> {
            List<String> names = new ArrayList<>();
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    names.add(field.getName().toLowerCase(Locale.ROOT));
                }
            }
            return names;
        });
        return put(name, version, fieldNames.stream().map(f -> new FeatureSpec(f, ValueType.FLOAT, 0f)).toList());
    }

    private FeatureSchema put(String name, int version, List<FeatureSpec> specs) {
        FeatureSchema schema = new FeatureSchema(name, version, nextId.getAndIncrement(), specs);
        byKey.put(new SchemaKey(name, version), schema);
        latestByName.merge(name, version, Math::max);
        return schema;
    }

    /** Per request: resolves the schema a request names. */
    public FeatureSchema lookup(String name, int version) {
        FeatureSchema schema = byKey.get(new SchemaKey(name, version));
        if (schema == null) {
            throw new UnknownSchemaException(name, version);
        }
        return schema;
    }

    public int latestVersion(String name) {
        Integer v = latestByName.get(name);
        return v == null ? -1 : v;
    }

    private void logSummary() {
        StringBuilder sb = new StringBuilder("registered schemas:");
        for (String name : latestByName.keySet()) {
            sb.append(' ').append(name).append('@').append(latestByName.get(name));
        }
        LOG.info(sb.toString());
    }

    private static ValueType typeOf(String tag) {
        for (ValueType t : ValueType.values()) {
            if (t.tag().equals(tag)) {
                return t;
            }
        }
        throw new IllegalStateException(tag);
    }

    public static final class UnknownSchemaException extends RuntimeException {
        public UnknownSchemaException(String name, int version) {
            super(String.format("no schema %s@%s is registered", name, version));
        }
    }
}
