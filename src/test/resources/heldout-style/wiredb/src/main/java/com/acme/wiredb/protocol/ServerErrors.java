package com.acme.wiredb.protocol;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns ErrorResponse packets into exceptions, and holds the driver's own error helpers.
 */
public final class ServerErrors {

    /** Short names of Java types, for conversion error messages. */
    private static final Map<Class<?>, String> DISPLAY_NAMES = new ConcurrentHashMap<>();

    private ServerErrors() {
    }

    /** Fields of an ErrorResponse or NoticeResponse: a code byte, a C string, ... a zero byte. */
    public static Map<Character, String> parseFields(byte[] payload) {
        Map<Character, String> fields = new LinkedHashMap<>();
        int off = 0;
        while (off < payload.length && payload[off] != 0) {
            char code = (char) payload[off++];
            int end = off;
            while (payload[end] != 0) {
                end++;
            }
            fields.put(code, new String(payload, off, end - off, StandardCharsets.UTF_8));
            off = end + 1;
        }
        return fields;
    }

    /** Builds the exception for an ErrorResponse ('E') packet; every caller throws it. */
    public static SQLException toException(PacketReader.Packet packet) {
        Map<Character, String> fields = parseFields(packet.payload());
        String severity = fields.getOrDefault('S', "ERROR");
        String state = fields.getOrDefault('C', "XX000");
        String message = fields.getOrDefault('M', "unknown server error");
        SQLException e = new SQLException(String.format("%s: %s [SQLState %s]", severity, message, state), state);
        if (fields.containsKey('D') || fields.containsKey('H')) {
            e.setNextException(new SQLException(describe(fields), state));
        }
        return e;
    }

    static String describe(Map<Character, String> fields) {
        StringBuilder sb = new StringBuilder("Server fields:");
        for (Character code : fields.keySet()) {
            sb.append(' ').append(code).append('=').append(fields.get(code));
        }
        return sb.toString();
    }

    /** Guard used by every statement entry point. */
    public static void checkState(boolean ok, String state, String action) throws SQLException {
        if (!ok) {
            String msg = String.format("Connection is %s; cannot %s", state, action);
            throw new SQLException(msg, "08003");
        }
    }

    public static SQLException conversionError(Object value, Class<?> target) {
        String from = value == null ? "null" : displayName(value.getClass());
        String to = displayName(target);
        return new SQLException("Cannot convert " + from + " to " + to, "22018");
    }

    static String displayName(Class<?> type) {
        return DISPLAY_NAMES.computeIfAbsent(type,
                t -> t.isArray() ? t.getComponentType().getSimpleName() + "[]" : t.getName());
    }
}
