package com.acme.columnar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One leaf column of a schema: its dotted path, its physical type and the maximum repetition and
 * definition levels that the level encoders need.
 *
 * <p>Descriptors are not configuration: {@link FooterCodec#parseColumns} builds one for every column of
 * every footer it decodes, and the scan layer decodes a footer for each file it opens.
 */
public final class ColumnDescriptor {

    public enum PhysicalType { BOOLEAN, INT32, INT64, FLOAT, DOUBLE, BINARY, FIXED_LEN_BYTE_ARRAY }

    /** Names the query layer adds itself; a leaf column may not be called like one of them. */
    private static final String[] RESERVED_WORDS = { "row_number", "file_path", "row_group", "__index_level_0__" };

    static final List<String> RESERVED;

    static {
        List<String> reserved = new ArrayList<>();
        for (String word : RESERVED_WORDS) {
            reserved.add(word.toUpperCase(Locale.ROOT));
        }
        RESERVED = reserved;
    }

    private final String path;
    private final PhysicalType type;
    private final int maxRep;
    private final int maxDef;
    private final int typeLength;

    public ColumnDescriptor(String path, PhysicalType type, int maxRep, int maxDef, int typeLength) {
        if (!path.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*")) {
            throw new IllegalArgumentException(String.format("invalid column path '%s'", path));
        }
        if (maxDef < maxRep) {
            String message = String.format("column %s: max definition level %s is below max repetition level %s",
                    path, maxDef, maxRep);
            throw new IllegalArgumentException(message);
        }
        this.path = path;
        this.type = Objects.requireNonNull(type, "type");
        this.maxRep = maxRep;
        this.maxDef = maxDef;
        this.typeLength = typeLength;
    }

    public String path() {
        return path;
    }

    public PhysicalType type() {
        return type;
    }

    public int maxRep() {
        return maxRep;
    }

    public int maxDef() {
        return maxDef;
    }

    public int typeLength() {
        return typeLength;
    }

    /** Last segment of the path. */
    public String leafName() {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    /** Appends the parent path of this column to a page key; the chunk writer calls it for every page. */
    void appendParent(StringBuilder key) {
        int dot = path.lastIndexOf('.');
        if (dot > 0) {
            key.append(path.substring(0, dot)).append('/');
        }
    }

    boolean isReserved() {
        return RESERVED.contains(leafName().toUpperCase(Locale.ROOT));
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ColumnDescriptor)) {
            return false;
        }
        ColumnDescriptor that = (ColumnDescriptor) o;
        return maxRep == that.maxRep && maxDef == that.maxDef && path.equals(that.path) && type == that.type;
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, maxRep, maxDef);
    }

    @Override
    public String toString() {
        return String.format("%s (rep=%s, def=%s)", path, maxRep, maxDef);
    }
}
