package com.acme.graphql.schema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The schema: types, fields and the data fetcher of every field.
 *
 * <p>Built once when the application starts, through {@link Builder}; read-only afterwards and shared by
 * every request the server executes.
 */
public final class SchemaRegistry {

    /** Resolves one field of one object; called by the execution engine for every field of every request. */
    @FunctionalInterface
    public interface DataFetcher {
        Object get(Env env) throws Exception;
    }

    /** What a data fetcher sees of the field it resolves. */
    public static final class Env {
        public final Object source;
        public final Map<String, Object> arguments;
        public final String parentTypeName;
        public final String fieldName;
        public final Set<String> lookahead;
        public final Object context;

        public Env(Object source, Map<String, Object> arguments, String parentTypeName, String fieldName,
                   Set<String> lookahead, Object context) {
            this.source = source;
            this.arguments = arguments;
            this.parentTypeName = parentTypeName;
            this.fieldName = fieldName;
            this.lookahead = lookahead;
            this.context = context;
        }
    }

    public static final class SchemaException extends RuntimeException {
        public SchemaException(String message) {
            super(message);
        }
    }

    public static final class ScalarType {
        public final String name;
        public final String description;

        public ScalarType(String name, String description) {
            this.name = name;
            this.description = description;
        }
    }

    public static final class FieldDefinition {
        public final String name;
        public final String typeRef;
        public final String description;
        public final Map<String, String> argumentTypes;
        public final Map<String, Object> defaultValues;
        public final String deprecationReason;
        public final String deprecatedSince;
        public final DataFetcher fetcher;

        public FieldDefinition(String name, String typeRef, String description, Map<String, String> argumentTypes,
                               Map<String, Object> defaultValues, String deprecationReason, String deprecatedSince,
                               DataFetcher fetcher) {
            this.name = name;
            this.typeRef = typeRef;
            this.description = description;
            this.argumentTypes = argumentTypes;
            this.defaultValues = defaultValues;
            this.deprecationReason = deprecationReason;
            this.deprecatedSince = deprecatedSince;
            this.fetcher = fetcher;
        }

        @Override
        public String toString() {
            String doc = description == null ? "" : " # " + description.replaceAll("\\s+", " ");
            return name + ": " + typeRef + doc;
        }
    }

    public static final class ObjectType {
        public final String kind;
        public final String name;
        public final List<String> interfaces;
        public final Map<String, FieldDefinition> fields;
        public final List<String> enumValues;

        public ObjectType(String kind, String name, List<String> interfaces, Map<String, FieldDefinition> fields,
                          List<String> enumValues) {
            this.kind = kind;
            this.name = name;
            this.interfaces = interfaces;
            this.fields = fields;
            this.enumValues = enumValues;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(kind.toLowerCase()).append(' ').append(name).append(" {");
            for (String fieldName : fields.keySet()) {
                sb.append(' ').append(fieldName).append(": ").append(fields.get(fieldName).typeRef);
            }
            return sb.append(" }").toString();
        }
    }

    public static final List<ScalarType> BUILT_IN_SCALARS = List.of(
            new ScalarType("String", "UTF-8 character sequence."),
            new ScalarType("Int", "Signed 32-bit integer."),
            new ScalarType("Float", "Signed double-precision floating-point value."),
            new ScalarType("Boolean", "true or false."),
            new ScalarType("ID", "A unique identifier, serialized as a String."));

    /** For the {@code __schema { types }} listing, which shows the built-in scalars first. */
    public static final String[] BUILT_IN_SCALAR_NAMES = BUILT_IN_SCALARS.stream().map(s -> s.name).toArray(String[]::new);

    private static final Set<String> BUILT_IN_NAMES;

    static {
        Set<String> names = BUILT_IN_SCALARS.stream().map(s -> s.name).collect(Collectors.toSet());
        BUILT_IN_NAMES = names;
    }

    private final Map<String, ObjectType> types;
    private final Map<String, FieldDefinition> fieldsByCoordinate;
    private final Map<String, List<String>> implementations;
    private final String queryTypeName;
    private final String mutationTypeName;

    private SchemaRegistry(Builder builder) {
        this.types = new TreeMap<>(builder.types);
        this.fieldsByCoordinate = new TreeMap<>();
        this.implementations = new TreeMap<>();
        for (ObjectType type : builder.types.values()) {
            for (FieldDefinition field : type.fields.values()) {
                fieldsByCoordinate.put(type.name + "." + field.name, field);
            }
            for (String iface : type.interfaces) {
                implementations.computeIfAbsent(iface, k -> new ArrayList<>()).add(type.name);
            }
        }
        this.queryTypeName = builder.queryTypeName;
        this.mutationTypeName = builder.mutationTypeName;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static boolean isBuiltIn(String typeName) {
        return BUILT_IN_NAMES.contains(typeName);
    }

    public String queryTypeName() {
        return queryTypeName;
    }

    public String mutationTypeName() {
        return mutationTypeName;
    }

    public ObjectType type(String name) {
        return types.get(name);
    }

    public ObjectType queryType() {
        return types.get(queryTypeName);
    }

    public List<String> typeNames() {
        return List.copyOf(types.keySet());
    }

    /**
     * The definition of {@code typeName.fieldName}, or null. The execution engine and the validator call
     * this for every field they visit.
     */
    public FieldDefinition field(String typeName, String fieldName) {
        String coordinate = String.format("%s.%s", typeName, fieldName);
        return fieldsByCoordinate.get(coordinate);
    }

    /** The object types a fragment on an interface can match: asked for each abstract-typed value. */
    public Set<String> possibleTypes(String abstractType) {
        Set<String> result = new HashSet<>();
        result.addAll(implementations.getOrDefault(abstractType, List.of()));
        return result;
    }

    public static final class Builder {
        private final Map<String, ObjectType> types = new LinkedHashMap<>();
        private String queryTypeName = "Query";
        private String mutationTypeName = "Mutation";

        public Builder register(ObjectType type) {
            if (BUILT_IN_NAMES.contains(type.name) || types.putIfAbsent(type.name, type) != null) {
                throw new SchemaException("Type " + type.name + " is defined more than once");
            }
            return this;
        }

        public Builder queryType(String name) {
            this.queryTypeName = name;
            return this;
        }

        public Builder mutationType(String name) {
            this.mutationTypeName = name;
            return this;
        }

        public SchemaRegistry build() {
            if (!types.containsKey(queryTypeName)) {
                throw new SchemaException("Query root type " + queryTypeName + " is not defined");
            }
            return new SchemaRegistry(this);
        }
    }
}
