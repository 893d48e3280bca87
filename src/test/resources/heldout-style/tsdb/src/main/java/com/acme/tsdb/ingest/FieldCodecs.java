package com.acme.tsdb.ingest;

import com.acme.tsdb.TsdbException;
import com.acme.tsdb.model.Point.FieldType;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Stored type of field values. The block writer and the WAL ask for every field of every point. */
public final class FieldCodecs {

    private static final Map<Class<?>, FieldType> TYPES = new ConcurrentHashMap<>();
    private static final FieldType[] BY_TAG = FieldType.values();

    private FieldCodecs() {
    }

    public static FieldType typeOf(Object value) {
        return TYPES.computeIfAbsent(value.getClass(), FieldCodecs::classify);
    }

    private static FieldType classify(Class<?> type) {
        if (type == Double.class || type == Float.class) {
            return FieldType.FLOAT;
        }
        if (Number.class.isAssignableFrom(type)) {
            return FieldType.INTEGER;
        }
        if (type == Boolean.class) {
            return FieldType.BOOLEAN;
        }
        if (CharSequence.class.isAssignableFrom(type)) {
            return FieldType.STRING;
        }
        throw new TsdbException("unsupported field type " + type.getName());
    }

    public static byte tag(FieldType type) {
        return (byte) type.ordinal();
    }

    public static FieldType fromTag(byte tag) {
        if (tag < 0 || tag >= BY_TAG.length) {
            throw new TsdbException("unknown field type tag " + tag);
        }
        return BY_TAG[tag];
    }
}
