package com.acme.geo.importer;

import com.acme.geo.index.FeatureIndex;
import com.acme.geo.model.Coordinate;
import com.acme.geo.model.Feature;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bulk loader for .gsf files, our shapefile dialect: a 100-byte header (big-endian file code 9994 first),
 * then records, each a little-endian length followed by kind, id, point count, points (x, y as
 * little-endian doubles) and fixed-width ASCII attributes. A .gsa blob next to each file holds the raw
 * attribute table; it is appended to the shared attribute store for the search service.
 *
 * <p>Usage: {@code ShapeImporter <manifest> <staging-dir> <file.gsf>...}
 */
public final class ShapeImporter {

    static final int FILE_CODE = 9994;
    static final int HEADER_SIZE = 100;

    /** A fixed-width attribute column, at an offset from the end of the points. */
    public static final class FieldDef {
        final String name;
        final int offset;
        final int width;

        public FieldDef(String name, int offset, int width) {
            this.name = name;
            this.offset = offset;
            this.width = width;
        }
    }

    public static final List<FieldDef> DEFAULT_FIELDS =
            List.of(new FieldDef("name", 0, 48), new FieldDef("class", 48, 16));

    private final FeatureIndex index;
    private final Path stagingDir;
    private final List<FieldDef> fields;
    private final OutputStream attributeStore;
    private final Set<String> seenKeys = new HashSet<>();
    private final List<String> failures = new ArrayList<>();
    private int duplicates;

    public ShapeImporter(FeatureIndex index, Path stagingDir, List<FieldDef> fields, OutputStream attributeStore) {
        this.index = index;
        this.stagingDir = stagingDir;
        this.fields = fields;
        this.attributeStore = attributeStore;
    }

    public List<String> failures() {
        return failures;
    }

    public int duplicates() {
        return duplicates;
    }

    /** Imports the files of one run, one after the other; a file that fails is reported and skipped. */
    public int importAll(List<Path> files) {
        int total = 0;
        for (Path file : files) {
            try {
                total += importFile(file);
                archive(file);
            } catch (IOException e) {
                String name = file.getFileName().toString();
                String reason = e.getMessage();
                failures.add(String.format("%s: %s", name, reason));
            }
        }
        return total;
    }

    public int importFile(Path file) throws IOException {
        String layer = file.getFileName().toString().replace(".gsf", "");
        int count = 0;
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            in.readFully(new byte[HEADER_SIZE]);
            byte[] lengthBytes = new byte[4];
            while (readRecordLength(in, lengthBytes)) {
                byte[] record = new byte[intLE(lengthBytes, 0)];
                in.readFully(record);
                index.add(toFeature(layer, record));
                count++;
            }
        }
        Path attributes = Paths.get(file.toString().replace(".gsf", ".gsa"));
        if (Files.exists(attributes)) {
            try (InputStream in = Files.newInputStream(attributes)) {
                appendAttributes(in);
            }
        }
        return count;
    }

    private static boolean readRecordLength(DataInputStream in, byte[] into) throws IOException {
        try {
            in.readFully(into);
            return true;
        } catch (EOFException end) {
            return false;
        }
    }

    private Feature toFeature(String layer, byte[] rec) {
        int kind = intLE(rec, 0);
        long id = longLE(rec, 4);
        int n = intLE(rec, 12);
        List<Coordinate> points = new ArrayList<>(n);
        int off = 16;
        for (int i = 0; i < n; i++) {
            double x = Double.longBitsToDouble(longLE(rec, off));
            double y = Double.longBitsToDouble(longLE(rec, off + 8));
            points.add(new Coordinate(x, y));
            off += 16;
        }
        Map<String, String> props = attributes(rec, off);
        String key = String.format("%s:%s", layer, id);
        if (!seenKeys.add(key)) {
            duplicates++;
        }
        Feature.Geometry geometry;
        if (kind == 1) {
            geometry = new Feature.Point(points.get(0));
        } else if (kind == 3) {
            geometry = new Feature.Line(points);
        } else {
            geometry = new Feature.Area(points);
        }
        return new Feature(id, layer, geometry, props);
    }

    private Map<String, String> attributes(byte[] rec, int start) {
        Map<String, String> values = new HashMap<>();
        for (FieldDef field : fields) {
            values.put(field.name, new String(rec, start + field.offset, field.width, StandardCharsets.US_ASCII).trim());
        }
        return values;
    }

    /** Appends a file's raw attribute blob to the shared store; once for every imported file. */
    long appendAttributes(InputStream in) throws IOException {
        long total = 0;
        while (true) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            attributeStore.write(chunk, 0, n);
            total += n;
        }
        return total;
    }

    /** Moves a file that imported cleanly to the staging dir (copy and delete: it may be another disk). */
    void archive(Path file) throws IOException {
        Path target = stagingDir.resolve(file.getFileName());
        try (InputStream in = Files.newInputStream(file);
                OutputStream out = new FileOutputStream(target.toFile())) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
        Files.delete(file);
    }

    static int intLE(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }

    static long longLE(byte[] b, int off) {
        return (b[off] & 0xFFL)
                | (b[off + 1] & 0xFFL) << 8
                | (b[off + 2] & 0xFFL) << 16
                | (b[off + 3] & 0xFFL) << 24
                | (b[off + 4] & 0xFFL) << 32
                | (b[off + 5] & 0xFFL) << 40
                | (b[off + 6] & 0xFFL) << 48
                | (b[off + 7] & 0xFFL) << 56;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: ShapeImporter <manifest> <staging-dir> <file.gsf>...");
            System.exit(64);
        }
        Path manifest = Paths.get(args[0]);
        Path staging = Paths.get(args[1]);
        String[] inputs = Arrays.copyOfRange(args, 2, args.length);
        Set<String> distinct = new HashSet<>();
        for (String input : inputs) {
            distinct.add(Paths.get(input).toAbsolutePath().normalize().toString());
        }
        if (distinct.size() != inputs.length) {
            System.err.println("a file is named twice; each file must be imported once");
            System.exit(64);
        }
        List<Path> files = new ArrayList<>(inputs.length);
        for (String input : inputs) {
            files.add(Paths.get(input));
        }

        // fail fast on the wrong kind of file before touching anything
        byte[] header = new byte[HEADER_SIZE];
        try (InputStream in = Files.newInputStream(files.get(0))) {
            in.readNBytes(header, 0, HEADER_SIZE);
        }
        int fileCode = (header[0] & 0xFF) << 24 | (header[1] & 0xFF) << 16 | (header[2] & 0xFF) << 8 | (header[3] & 0xFF);
        if (fileCode != FILE_CODE) {
            System.err.println(files.get(0) + " is not a .gsf file (file code " + fileCode + ")");
            System.exit(65);
        }

        // keep the previous manifest until the new one is written
        if (Files.exists(manifest)) {
            try (InputStream in = new FileInputStream(manifest.toFile());
                    OutputStream out = new FileOutputStream(manifest + ".bak")) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
        }

        FeatureIndex index = new FeatureIndex();
        int total;
        int duplicates;
        try (OutputStream store = new FileOutputStream(staging.resolve("attributes.bin").toFile(), true)) {
            ShapeImporter importer = new ShapeImporter(index, staging, DEFAULT_FIELDS, store);
            total = importer.importAll(files);
            duplicates = importer.duplicates();
            importer.failures().forEach(System.err::println);
        }
        Files.write(manifest, index.layerSummary().getBytes(StandardCharsets.UTF_8));
        int fileCount = files.size();
        String summary = String.format("imported %s features from %s files (%s duplicate keys)",
                total, fileCount, duplicates);
        System.out.println(summary);
    }
}
