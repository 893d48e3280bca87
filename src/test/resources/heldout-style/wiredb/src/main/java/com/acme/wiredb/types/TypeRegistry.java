package com.acme.wiredb.types;

import com.acme.wiredb.protocol.RowDecoder.ColumnMeta;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.stream.Collectors;

/**
 * Wire type metadata: the built-in types the driver knows statically, plus the server's
 * catalogue, which each connection loads once after authenticating.
 */
public final class TypeRegistry {

    public enum Builtin {
        BOOL(16, "bool", Boolean.class),
        BYTEA(17, "bytea", byte[].class),
        INT8(20, "int8", Long.class),
        INT2(21, "int2", Short.class),
        INT4(23, "int4", Integer.class),
        TEXT(25, "text", String.class),
        POINT(600, "point", null),
        FLOAT4(700, "float4", Float.class),
        FLOAT8(701, "float8", Double.class),
        UNKNOWN(705, "unknown", null),
        VARCHAR(1043, "varchar", null),
        TIMESTAMP(1114, "timestamp", Timestamp.class),
        NUMERIC(1700, "numeric", BigDecimal.class);

        public final int oid;
        public final String typeName;
        final Class<?> javaType;

        Builtin(int oid, String typeName, Class<?> javaType) {
            this.oid = oid;
            this.typeName = typeName;
            this.javaType = javaType;
        }
    }

    public static final class TypeInfo {
        public final int oid;
        public final String name;
        public final int elementOid;
        public final char category;

        TypeInfo(int oid, String name, int elementOid, char category) {
            this.oid = oid;
            this.name = name;
            this.elementOid = elementOid;
            this.category = category;
        }
    }

    private static final List<Builtin> BUILTINS = Collections.unmodifiableList(Arrays.asList(Builtin.values()));

    public static final List<String> BUILTIN_NAMES = BUILTINS.stream().map(b -> b.typeName).collect(Collectors.toList());

    public static final Set<String> ARRAY_TYPE_NAMES = BUILTIN_NAMES.stream().map(n -> "_" + n).collect(Collectors.toSet());

    private static final Map<Integer, Builtin> BY_OID;

    static {
        Map<Integer, Builtin> byOid = new HashMap<>(BUILTINS.size());
        for (Builtin b : BUILTINS) {
            byOid.put(b.oid, b);
        }
        BY_OID = Collections.unmodifiableMap(byOid);
    }

    private static final Map<Class<?>, Builtin> FOR_CLASS = Collections.synchronizedMap(new WeakHashMap<>());

    private final Map<Integer, TypeInfo> byOid;

    private TypeRegistry(Map<Integer, TypeInfo> byOid) {
        this.byOid = byOid;
    }

    /** Built from the rows of the catalogue query a connection runs right after authentication. */
    public static TypeRegistry load(List<Object[]> rows) {
        Map<Integer, TypeInfo> byOid = new HashMap<>(rows.size());
        for (Object[] row : rows) {
            TypeInfo info = new TypeInfo(Integer.parseInt((String) row[0]), (String) row[1],
                    Integer.parseInt((String) row[2]), ((String) row[3]).charAt(0));
            byOid.put(info.oid, info);
        }
        return new TypeRegistry(byOid);
    }

    public static Builtin builtin(int oid) {
        return BY_OID.get(oid);
    }

    /** Maps the class of a bound value to its wire type; runs for every setObject. */
    public static Builtin forClass(Class<?> type) {
        Builtin builtin = FOR_CLASS.get(type);
        if (builtin == null) {
            builtin = resolve(type);
            FOR_CLASS.put(type, builtin);
        }
        return builtin;
    }

    private static Builtin resolve(Class<?> type) {
        for (Builtin b : BUILTINS) {
            if (b.javaType != null && b.javaType.isAssignableFrom(type)) {
                return b;
            }
        }
        return CharSequence.class.isAssignableFrom(type) ? Builtin.VARCHAR : Builtin.UNKNOWN;
    }

    public TypeInfo lookup(int oid) {
        return byOid.get(oid);
    }

    /** Oids of a result set's columns that the catalogue does not know; checked for every result set. */
    public Set<Integer> missingOids(List<ColumnMeta> columns) {
        Set<Integer> oids = new HashSet<>();
        for (ColumnMeta column : columns) {
            oids.add(column.typeOid);
        }
        oids.removeAll(byOid.keySet());
        return oids;
    }
}
