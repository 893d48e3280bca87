package com.acme.wiredb.bind;

import com.acme.wiredb.types.TypeRegistry;
import com.acme.wiredb.types.TypeRegistry.Builtin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Holds the parameters bound to one statement and encodes them for the Bind message
 * (extended protocol) or as literals (simple protocol).
 */
public final class ParameterEncoder {

    /** Type names whose literals need no quoting in simple-protocol mode. */
    private static final Set<String> UNQUOTED;

    static {
        Set<String> names = new HashSet<>();
        names.addAll(TypeRegistry.BUILTIN_NAMES);
        names.removeAll(Arrays.asList("text", "varchar", "bytea", "timestamp", "point", "unknown"));
        UNQUOTED = Collections.unmodifiableSet(names);
    }

    private final List<Object> bound;
    private final List<Builtin> types;

    public ParameterEncoder(int count) {
        bound = new ArrayList<>(Collections.nCopies(count, null));
        types = new ArrayList<>(Collections.nCopies(count, Builtin.UNKNOWN));
    }

    public int count() {
        return bound.size();
    }

    public void set(int index, Object value) throws SQLException {
        Builtin type = value == null ? Builtin.UNKNOWN : TypeRegistry.forClass(value.getClass());
        setObject(index, value, type);
    }

    public void setObject(int index, Object value, Builtin type) throws SQLException {
        if (index < 1 || index > bound.size()) {
            throw new SQLException("Parameter index out of range: " + index, "22023");
        }
        bound.set(index - 1, value);
        types.set(index - 1, type);
    }

    /** Named parameters from the fluent query API; runs on every execute that uses them. */
    public void bindNamed(Map<String, Object> named, Map<String, Integer> positions) throws SQLException {
        for (String name : named.keySet()) {
            Integer position = positions.get(name);
            if (position == null) {
                throw new SQLException("Unknown parameter :" + name, "22023");
            }
            set(position, named.get(name));
        }
    }

    public void setStringArray(int index, List<String> elements) throws SQLException {
        setObject(index, arrayLiteral(elements), Builtin.TEXT);
    }

    static String arrayLiteral(List<String> elements) {
        StringBuilder sb = new StringBuilder(elements.size() * 8 + 2).append('{');
        for (String element : elements) {
            sb.append(String.format("%s,", element));
        }
        if (!elements.isEmpty()) {
            sb.setLength(sb.length() - 1);
        }
        return sb.append('}').toString();
    }

    /** setBinaryStream without a length: Bind needs the length first, so the stream is buffered. */
    public void setBinaryStream(int index, InputStream in) throws SQLException {
        try {
            setObject(index, drain(in), Builtin.BYTEA);
        } catch (IOException e) {
            throw new SQLException("Could not read stream parameter " + index, "22000", e);
        }
    }

    static byte[] drain(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            out.write(chunk, 0, n);
        }
        return out.toByteArray();
    }

    /** Text-format values for the Bind message, in parameter order. */
    public String[] textValues() {
        return bound.stream().map(v -> v == null ? null : v.toString()).toArray(String[]::new);
    }

    /** Rewrites $n placeholders into typed literals, for the simple query protocol. */
    public String inline(String nativeSql) {
        StringBuilder sb = new StringBuilder(nativeSql.length() + bound.size() * 16);
        int last = 0;
        int i = nativeSql.indexOf('$');
        while (i >= 0) {
            int end = i + 1;
            while (end < nativeSql.length() && Character.isDigit(nativeSql.charAt(end))) {
                end++;
            }
            if (end > i + 1) {
                sb.append(nativeSql, last, i);
                int n = Integer.parseInt(nativeSql.substring(i + 1, end));
                sb.append(literal(n - 1));
                last = end;
            }
            i = nativeSql.indexOf('$', end);
        }
        sb.append(nativeSql, last, nativeSql.length());
        return sb.toString();
    }

    String literal(int index) {
        Object value = bound.get(index);
        if (value == null) {
            return "NULL";
        }
        String text = value.toString();
        String typeName = types.get(index).typeName;
        if (!UNQUOTED.contains(typeName)) {
            text = "'" + text.replace("'", "''") + "'";
        }
        return String.format("%s::%s", text, typeName);
    }

    /** Binary Bind values: an int16 count, then an int32 length and the bytes of each value. */
    public byte[] encodeBinary() throws SQLException {
        int count = bound.size();
        byte[] buf = new byte[2 + count * 12];
        buf[0] = (byte) (count >>> 8);
        buf[1] = (byte) count;
        int off = 2;
        try {
            for (int i = 0; i < count; i++) {
                off = writeValue(buf, off, bound.get(i), types.get(i));
            }
        } catch (ClassCastException e) {
            List<String> boundTypes = new ArrayList<>();
            for (Object v : bound) {
                boundTypes.add(v == null ? "null" : v.getClass().getSimpleName());
            }
            throw new SQLException("Cannot encode parameters " + boundTypes + " in binary", "22023", e);
        }
        return Arrays.copyOf(buf, off);
    }

    private static int writeValue(byte[] buf, int off, Object value, Builtin type) {
        if (value == null) {
            writeInt(buf, off, -1);
            return off + 4;
        }
        switch (type) {
            case INT4:
                writeInt(buf, off, 4);
                writeInt(buf, off + 4, (Integer) value);
                return off + 8;
            case INT8:
                writeInt(buf, off, 8);
                writeLong(buf, off + 4, (Long) value);
                return off + 12;
            case FLOAT8:
                writeInt(buf, off, 8);
                writeLong(buf, off + 4, Double.doubleToRawLongBits((Double) value));
                return off + 12;
            default:
                throw new IllegalStateException("not a binary type: " + type);
        }
    }

    static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static void writeLong(byte[] b, int off, long v) {
        b[off] = (byte) (v >>> 56);
        b[off + 1] = (byte) (v >>> 48);
        b[off + 2] = (byte) (v >>> 40);
        b[off + 3] = (byte) (v >>> 32);
        b[off + 4] = (byte) (v >>> 24);
        b[off + 5] = (byte) (v >>> 16);
        b[off + 6] = (byte) (v >>> 8);
        b[off + 7] = (byte) v;
    }
}
