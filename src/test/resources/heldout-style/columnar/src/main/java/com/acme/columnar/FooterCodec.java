package com.acme.columnar;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Encodes and decodes file footers: the schema, the chunk index and the key/value metadata.
 *
 * <p>{@link #encode} runs once for every file the writer finishes and {@link #decode} once for every file a
 * scan opens; a busy node does both thousands of times a minute.
 */
public final class FooterCodec {

    static final String MAGIC = "COL1";
    static final int VERSION = 3;

    /** Written into every footer so readers notice a layout change; computed once per process. */
    static final int LAYOUT_HASH = Objects.hash(MAGIC, VERSION, 4096);

    private static final Map<String, String> DEFAULTS;

    static {
        String[] pairs = { "created_by=acme-columnar 3.2", "compression=ZSTD", "page.values=20000" };
        Map<String, String> defaults = new HashMap<>(pairs.length);
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            defaults.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        DEFAULTS = defaults;
    }

    private static final Map<Class<?>, String> LOGICAL_TYPES = new HashMap<>();

    /** Metadata of one column chunk: collected when the chunk is closed, stored in the footer. */
    public static final class ChunkMetadata {
        final String path;
        final long offset;
        final long length;
        final Map<String, String> properties;

        ChunkMetadata(String path, long offset, long length, Map<String, String> properties) {
            this.path = path;
            this.offset = offset;
            this.length = length;
            this.properties = properties;
        }

        /** Key/value header written in front of each chunk's pages: all keys, then all values. */
        String[] headerArray() {
            List<String> keys = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (Map.Entry<String, String> e : properties.entrySet()) {
                keys.add(e.getKey());
                values.add(e.getValue());
            }
            keys.addAll(values);
            return keys.toArray(new String[0]);
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof ChunkMetadata)) {
                return false;
            }
            ChunkMetadata that = (ChunkMetadata) o;
            return offset == that.offset && length == that.length && path.equals(that.path);
        }

        /** Chunk metadata keys the reader's decoded-chunk cache, looked up for every chunk a scan reads. */
        @Override
        public int hashCode() {
            return Objects.hash(path, offset, length);
        }

        @Override
        public String toString() {
            String[] flat = properties.entrySet().stream()
                    .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                    .toArray(String[]::new);
            return path + "@" + offset + "+" + length + " " + Arrays.toString(flat);
        }
    }

    /** What {@link #decode} returns. */
    public static final class Footer {
        private final Schema schema;
        private final Map<String, String> keyValue;
        private final int layoutHash;

        Footer(Schema schema, Map<String, String> keyValue, int layoutHash) {
            this.schema = schema;
            this.keyValue = keyValue;
            this.layoutHash = layoutHash;
        }

        public Schema schema() {
            return schema;
        }

        public Map<String, String> keyValue() {
            return keyValue;
        }

        public int layoutHash() {
            return layoutHash;
        }
    }

    /** Logical type annotation for a value class; asked when each chunk sees its first non-null value. */
    static String logicalType(Class<?> type) {
        String name = LOGICAL_TYPES.get(type);
        if (name == null) {
            name = deriveLogicalType(type);
            LOGICAL_TYPES.put(type, name);
        }
        return name;
    }

    private static String deriveLogicalType(Class<?> type) {
        if (type == String.class) {
            return "string";
        }
        if (type == java.time.LocalDate.class) {
            return "date";
        }
        if (type == java.util.UUID.class) {
            return "uuid";
        }
        return type.getSimpleName().toLowerCase(Locale.ROOT);
    }

    /** The writer's defaults with the caller's key/value metadata on top; called for every file written. */
    static Map<String, String> withDefaults(Map<String, String> keyValue) {
        Map<String, String> merged = new LinkedHashMap<>(DEFAULTS);
        for (String key : keyValue.keySet()) {
            String value = keyValue.get(key);
            if (!value.isEmpty()) {
                merged.put(key, value);
            }
        }
        return merged;
    }

    public byte[] encode(Schema schema, List<ChunkMetadata> chunks, Map<String, String> keyValue)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeUTF(MAGIC);
        out.writeInt(LAYOUT_HASH);
        out.writeUTF(schemaLine(schema));
        StringBuilder index = new StringBuilder(chunks.size() * 24);
        for (ChunkMetadata chunk : chunks) {
            String path = chunk.path;
            long start = chunk.offset;
            index.append(String.format("%s@%s;", path, start));
        }
        out.writeUTF(index.toString());
        Map<String, String> merged = withDefaults(keyValue);
        String[] block = Stream.concat(merged.keySet().stream(), merged.values().stream()).toArray(String[]::new);
        out.writeInt(merged.size());
        for (String s : block) {
            out.writeUTF(s);
        }
        out.flush();
        return bytes.toByteArray();
    }

    private static String schemaLine(Schema schema) {
        StringBuilder sb = new StringBuilder(schema.name()).append('(');
        for (ColumnDescriptor c : schema.columns()) {
            if (sb.charAt(sb.length() - 1) != '(') {
                sb.append(", ");
            }
            sb.append(c.path()).append(':').append(c.type()).append(':').append(c.maxRep()).append(':')
                    .append(c.maxDef()).append(':').append(c.typeLength());
        }
        return sb.append(')').toString();
    }

    public Footer decode(byte[] footer, String fileName) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(footer));
        String magic = in.readUTF();
        if (!MAGIC.equals(magic)) {
            throw new IOException(fileName + ": not a columnar file (magic " + magic + ")");
        }
        int layoutHash = in.readInt();
        Schema schema = parseSchema(in.readUTF());
        in.readUTF();
        int pairs = in.readInt();
        String[] block = new String[pairs * 2];
        for (int i = 0; i < block.length; i++) {
            block[i] = in.readUTF();
        }
        Map<String, String> keyValue = new LinkedHashMap<>();
        for (int i = 0; i < pairs; i++) {
            keyValue.put(block[i], block[pairs + i]);
        }
        return new Footer(schema, keyValue, layoutHash);
    }

    static Schema parseSchema(String line) {
        int open = line.indexOf('(');
        String name = line.substring(0, open);
        String body = line.substring(open + 1, line.length() - 1);
        String[] specs = body.split("\\s*,\\s*");
        return new Schema(name, parseColumns(specs));
    }

    static List<ColumnDescriptor> parseColumns(String[] specs) {
        List<ColumnDescriptor> columns = new ArrayList<>();
        for (String spec : specs) {
            columns.add(parseColumn(spec));
        }
        return columns;
    }

    private static ColumnDescriptor parseColumn(String spec) {
        int a = spec.indexOf(':');
        int b = spec.indexOf(':', a + 1);
        int c = spec.indexOf(':', b + 1);
        int d = spec.indexOf(':', c + 1);
        ColumnDescriptor.PhysicalType type = ColumnDescriptor.PhysicalType.valueOf(spec.substring(a + 1, b));
        int maxRep = Integer.parseInt(spec.substring(b + 1, c));
        int maxDef = Integer.parseInt(spec.substring(c + 1, d));
        int typeLength = Integer.parseInt(spec.substring(d + 1));
        return new ColumnDescriptor(spec.substring(0, a), type, maxRep, maxDef, typeLength);
    }

    /** "k=v;k=v" property text of page headers and chunk indexes; parsed for every page read. */
    static Map<String, String> parseProperties(String text) {
        if (text.isEmpty()) {
            return new HashMap<>();
        }
        String[] pairs = text.split(";");
        Map<String, String> properties = new HashMap<>(pairs.length);
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            properties.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return properties;
    }

    /** Name of the footer side file the footer cache keeps next to every data file it has opened. */
    static String sideFileName(String dataFile, int version) {
        return String.format(Locale.ROOT, "%s.v%d.footer", dataFile, version);
    }

    /** Reads a footer side file; the footer cache calls this for every file open that hits the cache. */
    static byte[] readSideFile(String dataFile) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new FileInputStream(sideFileName(dataFile, VERSION))) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
        return out.toByteArray();
    }
}
