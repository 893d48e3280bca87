package com.acme.graphql.introspection;

import com.acme.graphql.schema.SchemaRegistry;
import com.acme.graphql.schema.SchemaRegistry.FieldDefinition;
import com.acme.graphql.schema.SchemaRegistry.ObjectType;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Resolvers of the introspection meta-fields {@code __schema} and {@code __type}. GraphiQL, IDE plugins and
 * code generators send introspection queries all day, so these run per request like any other field.
 */
public final class Introspection {

    /** The values of the {@code __TypeKind} enum. */
    static final List<String> TYPE_KINDS;

    static {
        String[] kinds = "SCALAR, OBJECT, INTERFACE, UNION, ENUM, INPUT_OBJECT, LIST, NON_NULL".split(",\\s*");
        TYPE_KINDS = List.of(kinds);
    }

    static final Map<String, List<String>> META_FIELDS = new LinkedHashMap<>();
    static final int META_FIELD_COUNT;
    static final Map<String, String> KIND_DESCRIPTIONS;

    static {
        META_FIELDS.put("__Schema", List.of("description", "types", "queryType", "mutationType", "directives"));
        META_FIELDS.put("__Type", List.of("kind", "name", "description", "fields", "interfaces", "enumValues",
                "ofType"));
        META_FIELDS.put("__Field", List.of("name", "description", "args", "type", "isDeprecated",
                "deprecationReason"));
        META_FIELDS.put("__EnumValue", List.of("name", "description", "isDeprecated", "deprecationReason"));
        int count = 0;
        for (String metaType : META_FIELDS.keySet()) {
            count += META_FIELDS.get(metaType).size();
        }
        META_FIELD_COUNT = count;

        Map<String, String> descriptions = new HashMap<>(TYPE_KINDS.size());
        for (String kind : TYPE_KINDS) {
            descriptions.put(kind, "Indicates this type is " + kind.toLowerCase().replace('_', ' ') + ".");
        }
        KIND_DESCRIPTIONS = descriptions;
    }

    private final SchemaRegistry schema;

    public Introspection(SchemaRegistry schema) {
        this.schema = schema;
    }

    /** {@code __type(name:)}: resolved for each type a client's introspection query asks about. */
    public Map<String, Object> type(String name) {
        ObjectType type = schema.type(name);
        if (type == null) {
            return null;
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("kind", type.kind);
        result.put("name", type.name);
        result.put("description", KIND_DESCRIPTIONS.get(type.kind));
        List<Map<String, Object>> fields = type.fields.values().stream().map(this::describeField).collect(Collectors.toList());
        result.put("fields", fields);
        result.put("interfaces", type.interfaces);
        if ("ENUM".equals(type.kind)) {
            result.put("enumValues", enumValues(type));
        }
        return result;
    }

    /** {@code __schema}: the whole type list, for GraphiQL's documentation explorer. */
    public Map<String, Object> schema() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("queryType", schema.queryTypeName());
        result.put("mutationType", schema.type(schema.mutationTypeName()) != null ? schema.mutationTypeName() : null);
        result.put("types", schema.typeNames());
        result.put("builtInScalars", SchemaRegistry.BUILT_IN_SCALAR_NAMES);
        return result;
    }

    private Map<String, Object> describeField(FieldDefinition field) {
        Map<String, Object> description = new LinkedHashMap<>();
        description.put("name", field.name);
        description.put("type", field.typeRef);
        description.put("description", field.description);
        description.put("isDeprecated", field.deprecationReason != null);
        if (field.deprecationReason != null) {
            String since = field.deprecatedSince;
            String reason = field.deprecationReason;
            description.put("deprecationReason", String.format("Deprecated since %s: %s", since, reason));
        }
        return description;
    }

    private Map<String, Object> enumValues(ObjectType type) {
        Map<String, Object> values = new HashMap<>(type.enumValues.size());
        for (String value : type.enumValues) {
            values.put(value, Map.of("name", value, "isDeprecated", false));
        }
        return values;
    }
}
