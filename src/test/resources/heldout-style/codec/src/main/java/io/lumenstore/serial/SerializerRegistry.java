package io.lumenstore.serial;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the serializer of a value class. The write path asks for every value it writes,
 * the read path for every value it reads.
 */
public final class SerializerRegistry {

    public interface Serializer<T> {
        void write(T value, DataOutput out) throws IOException;

        T read(DataInput in) throws IOException;
    }

    /** Codecs for the value types the engine knows; applications add theirs with register(). */
    private static final Map<Class<?>, Serializer<?>> REGISTERED = new ConcurrentHashMap<>();

    /** Reflective serializers, built the first time a value class is written. */
    private static final Map<Class<?>, Serializer<?>> REFLECTIVE = new ConcurrentHashMap<>();

    /** Instance fields of each reflectively serialized class, in declaration order. */
    private static final Map<Class<?>, Field[]> FIELDS = Collections.synchronizedMap(new WeakHashMap<>());

    /** Printable class names for error messages (nested classes with a dot, not a dollar). */
    private static final Map<Class<?>, String> DISPLAY_NAMES = new ConcurrentHashMap<>();

    static {
        REGISTERED.put(String.class, new Serializer<String>() {
            @Override
            public void write(String value, DataOutput out) throws IOException {
                out.writeUTF(value);
            }

            @Override
            public String read(DataInput in) throws IOException {
                return in.readUTF();
            }
        });
        REGISTERED.put(Long.class, new Serializer<Long>() {
            @Override
            public void write(Long value, DataOutput out) throws IOException {
                out.writeLong(value);
            }

            @Override
            public Long read(DataInput in) throws IOException {
                return in.readLong();
            }
        });
    }

    private SerializerRegistry() {
    }

    public static <T> void register(Class<T> type, Serializer<T> serializer) {
        if (REGISTERED.putIfAbsent(type, serializer) != null) {
            throw new IllegalStateException("a serializer for " + displayName(type) + " is already registered");
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> Serializer<T> serializerFor(Class<T> type) {
        Serializer<?> s = REGISTERED.get(type);
        if (s == null) {
            s = REFLECTIVE.computeIfAbsent(type, SerializerRegistry::reflective);
        }
        return (Serializer<T>) s;
    }

    static Field[] fieldsOf(Class<?> type) {
        Field[] fields = FIELDS.get(type);
        if (fields == null) {
            fields = declaredInstanceFields(type);
            FIELDS.put(type, fields);
        }
        return fields;
    }

    private static Field[] declaredInstanceFields(Class<?> type) {
        return Arrays.stream(type.getDeclaredFields())
                .filter(f -> !Modifier.isStatic(f.getModifiers()) && !f.isSynthetic())
                .peek(f -> f.setAccessible(true))
                .toArray(Field[]::new);
    }

    private static String displayName(Class<?> type) {
        return DISPLAY_NAMES.computeIfAbsent(type, t -> t.getName().replace('$', '.'));
    }

    /** Builds the serializer of a class the first time it is seen. */
    private static Serializer<?> reflective(Class<?> type) {
        if (type.isEnum()) {
            Object[] constants = type.getEnumConstants();
            Map<String, Object> byName = new HashMap<>();
            for (Object c : constants) {
                byName.put(((Enum<?>) c).name(), c);
            }
            return new EnumSerializer(byName);
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException("cannot serialize abstract type " + displayName(type));
        }
        return new ReflectiveSerializer(type);
    }

    static final class EnumSerializer implements Serializer<Object> {
        private final Map<String, Object> byName;

        EnumSerializer(Map<String, Object> byName) {
            this.byName = byName;
        }

        @Override
        public void write(Object value, DataOutput out) throws IOException {
            out.writeUTF(((Enum<?>) value).name());
        }

        @Override
        public Object read(DataInput in) throws IOException {
            return byName.get(in.readUTF());
        }
    }

    static final class ReflectiveSerializer implements Serializer<Object> {
        private final Class<?> type;
        private final String typeName;
        private final int fieldCount;

        ReflectiveSerializer(Class<?> type) {
            this.type = type;
            this.typeName = type.getName();
            this.fieldCount = fieldsOf(type).length;
        }

        @Override
        public void write(Object value, DataOutput out) throws IOException {
            for (Field f : fieldsOf(type)) {
                try {
                    out.writeUTF(String.valueOf(f.get(value)));
                } catch (IllegalAccessException e) {
                    throw new IOException("cannot read " + f, e);
                }
            }
        }

        @Override
        public Object read(DataInput in) throws IOException {
            throw new UnsupportedOperationException("reflective values are decoded by the schema layer");
        }

        @Override
        public String toString() {
            return "ReflectiveSerializer[" + typeName + ", " + fieldCount + " fields]";
        }
    }
}
