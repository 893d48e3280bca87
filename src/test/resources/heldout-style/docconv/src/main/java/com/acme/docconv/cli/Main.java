package com.acme.docconv.cli;

import com.acme.docconv.codec.CsvCodec;
import com.acme.docconv.codec.JsonCodec;
import com.acme.docconv.codec.XmlCodec;
import com.acme.docconv.infer.SchemaInferrer;
import com.acme.docconv.io.SpillFile;
import com.acme.docconv.model.Row;
import com.acme.docconv.model.Schema;
import com.acme.docconv.model.Schema.Column;
import com.acme.docconv.plugin.ConverterRegistry;
import com.acme.docconv.plugin.ConverterRegistry.ConversionException;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * {@code docconv <in-dir> <out-dir> --to=xml}: converts every CSV, XML and JSON Lines file of a directory into
 * one format. Files already in the target format are copied as they are; files that fail are copied into
 * {@code <out-dir>/failed}.
 */
public final class Main {

    static final String PROG = "docconv";
    static final int ZIP_MAGIC = 0x504B0304;

    enum Format {
        CSV("csv"), XML("xml"), JSON("jsonl");

        final String extension;

        Format(String extension) {
            this.extension = extension;
        }

        static Format of(Path file) {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            if (name.endsWith(".gz")) {
                name = name.substring(0, name.length() - 3);
            }
            String ext = name.substring(name.lastIndexOf('.') + 1);
            return switch (ext) {
                case "csv", "txt" -> CSV;
                case "xml" -> XML;
                case "json", "jsonl", "ndjson" -> JSON;
                default -> throw new ConversionException("unsupported file type: " + file);
            };
        }

        static Format named(String name) {
            return Format.valueOf(name.toUpperCase(Locale.ROOT));
        }
    }

    record Options(Format to, int sampleSize, int firstRow, int lastRow, Map<String, String> attributes) {
    }

    private Main() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println(String.format("usage: %s IN-DIR OUT-DIR [--to=FORMAT] [--ext=LIST] [--rows=A-B] [-v]", PROG));
            System.exit(2);
        }
        String inArg = args[0];
        String outArg = args[1];
        String target = "csv";
        List<String> exts = List.of("csv", "xml", "json", "jsonl");
        int first = 1;
        int last = Integer.MAX_VALUE;
        String rowSpec = "";
        boolean fromStdin = false;
        boolean verbose = false;
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 2; i < args.length; i++) {
            String arg = args[i];
            if (arg.startsWith("--to=")) {
                target = arg.substring(5);
            } else if (arg.startsWith("--ext=")) {
                exts = Arrays.asList(arg.substring(6).split("\\s*,\\s*"));
            } else if (arg.startsWith("--rows=")) {
                rowSpec = arg.substring(7);
                int dash = rowSpec.indexOf('-');
                first = Integer.parseInt(rowSpec.substring(0, dash));
                last = Integer.parseInt(rowSpec.substring(dash + 1, rowSpec.length()));
            } else if (arg.startsWith("--attr=")) {
                int eq = arg.indexOf('=', 7);
                attributes.put(arg.substring(7, eq), arg.substring(eq + 1));
            } else if (arg.equals("--files-from=-")) {
                fromStdin = true;
            } else if (arg.equals("-v")) {
                verbose = true;
            } else {
                throw new IllegalArgumentException("unknown option " + arg + " (try " + PROG + " without arguments)");
            }
        }

        Path inDir = Path.of(inArg);
        Path outDir = Files.createDirectories(Path.of(outArg));
        Format to = Format.named(target);
        List<Path> files;
        if (fromStdin) {
            ByteArrayOutputStream listing = new ByteArrayOutputStream();
            while (true) {
                byte[] chunk = new byte[1024];
                int n = System.in.read(chunk);
                if (n < 0) {
                    break;
                }
                listing.write(chunk, 0, n);
            }
            files = listing.toString(StandardCharsets.UTF_8).lines().map(inDir::resolve).toList();
        } else {
            Set<String> wanted = new HashSet<>(exts);
            try (Stream<Path> listed = Files.list(inDir)) {
                files = listed.filter(p -> wanted.contains(extensionOf(p))).sorted().toList();
            }
        }
        if (verbose) {
            String[] names = files.stream().map(Path::toString).toArray(String[]::new);
            System.out.println(String.join(System.lineSeparator(), names));
        }

        int optionsHash = Objects.hash(target, rowSpec);
        Path marker = outDir.resolve(".docconv");
        if (Files.exists(marker) && !Files.readString(marker).trim().equals(Integer.toString(optionsHash))) {
            System.err.println(outDir + " was written by a run with other options; choose another directory");
            System.exit(1);
        }
        Files.writeString(marker, Integer.toString(optionsHash));

        List<Path> targets = new ArrayList<>();
        for (Path file : files) {
            targets.add(outDir.resolve(outputName(file, to)));
        }
        for (Path t : targets) {
            if (Files.exists(t)) {
                System.err.println("will overwrite " + t);
            }
        }

        ProgressReporter progress = new ProgressReporter(System.out);
        Options options = new Options(to, 200, first, last, attributes);
        int failed = convertAll(files, outDir, options, progress);
        System.out.println(progress);
        System.exit(failed == 0 ? 0 : 1);
    }

    static String extensionOf(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    static String outputName(Path file, Format to) {
        String base = file.getFileName().toString().replaceAll("\\.(csv|txt|xml|jsonl?|ndjson)(\\.gz)?$", "");
        return base + "." + to.extension;
    }

    /** Converts the files one after the other; returns the number that failed. */
    static int convertAll(List<Path> files, Path outDir, Options options, ConversionListener listener)
            throws IOException {
        int failed = 0;
        Path failedDir = outDir.resolve("failed");
        for (Path src : files) {
            String name = src.getFileName().toString();
            Path dst = outDir.resolve(outputName(src, options.to()));
            try {
                int rows = Format.of(src) == options.to() && !name.endsWith(".gz")
                        ? copy(src, dst)
                        : convertFile(src, dst, options, listener);
                listener.onFileDone(name, rows);
            } catch (ConversionException | IOException e) {
                failed++;
                listener.onFailure(name, e);
                Files.createDirectories(failedDir);
                try (InputStream in = Files.newInputStream(src);
                     OutputStream kept = Files.newOutputStream(failedDir.resolve(name))) {
                    byte[] buf = new byte[8192];
                    int n;
                    while ((n = in.read(buf)) != -1) {
                        kept.write(buf, 0, n);
                    }
                }
            }
        }
        return failed;
    }

    /** A file already in the target format; returns -1 as its row count is not known. */
    static int copy(Path src, Path dst) throws IOException {
        long total = 0;
        try (InputStream in = new FileInputStream(src.toFile());
             OutputStream out = new FileOutputStream(dst.toFile())) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
                total += n;
            }
        }
        return total == 0 ? 0 : -1;
    }

    static byte[] readInput(Path src) throws IOException {
        try (InputStream file = Files.newInputStream(src);
             InputStream in = src.toString().endsWith(".gz") ? new GZIPInputStream(file) : file) {
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            while (true) {
                byte[] chunk = new byte[16384];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                raw.write(chunk, 0, n);
            }
            return raw.toByteArray();
        }
    }

    static int convertFile(Path src, Path dst, Options options, ConversionListener listener) throws IOException {
        String name = src.getFileName().toString();
        Format from = Format.of(src);
        byte[] raw = readInput(src);
        if (raw.length >= 4) {
            int magic = (raw[0] & 0xFF) << 24 | (raw[1] & 0xFF) << 16 | (raw[2] & 0xFF) << 8 | (raw[3] & 0xFF);
            if (magic == ZIP_MAGIC) {
                String expected = from.extension;
                throw new ConversionException(String.format("%s is a zip archive, not %s", name, expected));
            }
        }
        List<String> lines = new String(raw, StandardCharsets.UTF_8).lines().toList();
        Supplier<Row> reader = reader(from, name, lines);

        SchemaInferrer inferrer = new SchemaInferrer(options.sampleSize());
        List<Row> sample = new ArrayList<>();
        Row next;
        while (sample.size() < inferrer.sampleSize() && (next = reader.get()) != null) {
            sample.add(next);
        }
        Schema schema = inferrer.infer(name, sample);

        SpillFile spill = null;
        if (from == Format.JSON && options.to() != Format.JSON && sample.size() == inferrer.sampleSize()) {
            JsonCodec json = new JsonCodec(false, 0);
            Set<String> extra = new LinkedHashSet<>();
            try (SpillFile s = SpillFile.create(dst.toAbsolutePath().getParent())) {
                while ((next = reader.get()) != null) {
                    extra.addAll(next.names());
                    s.append(json.writeRow(next));
                }
                spill = s;
            }
            schema = schema.withText(extra);
        }

        StringBuilder out = new StringBuilder();
        RowWriter writer = writer(options, schema, out);
        Set<Row> seen = new HashSet<>();
        int written = 0;
        Iterator<Row> sampled = sample.iterator();
        while (true) {
            Row row = sampled.hasNext() ? sampled.next() : spill == null ? reader.get() : null;
            if (row == null) {
                break;
            }
            if (!seen.add(row)) {
                throw new ConversionException("row " + row.index() + " appears twice in " + name);
            }
            if (row.index() >= options.firstRow() && row.index() <= options.lastRow()) {
                writer.write(row);
                listener.onRow(name, row.index());
                written++;
            }
        }
        if (spill != null) {
            JsonCodec json = new JsonCodec(false, 0);
            int[] index = {sample.size()};
            written += SpillFile.replay(spill.path(), line -> {
                Row row = json.readRow(name, ++index[0], line);
                writer.write(row);
                listener.onRow(name, row.index());
            });
            Files.delete(spill.path());
        }
        writer.finish();
        Files.writeString(dst, out);
        return written;
    }

    /** What the converter tells about its work: every row it writes and every file it finishes. */
    interface ConversionListener {
        void onRow(String file, int index);

        void onFileDone(String file, int rows);

        default void onFailure(String file, Exception e) {
        }
    }

    /** Writes one row into the output of a file; {@link #finish} closes the document. */
    interface RowWriter {
        void write(Row row);

        default void finish() {
        }
    }

    static RowWriter writer(Options options, Schema schema, StringBuilder out) {
        return switch (options.to()) {
            case CSV -> {
                out.append(CsvCodec.writeHeader(schema.names())).append('\n');
                yield row -> out.append(CsvCodec.writeRow(schema.names(), normalized(schema, row))).append('\n');
            }
            case XML -> {
                XmlCodec xml = XmlCodec.writer(schema, options.attributes());
                xml.writeStart(out);
                yield new RowWriter() {
                    @Override
                    public void write(Row row) {
                        xml.writeRow(normalized(schema, row), out);
                    }

                    @Override
                    public void finish() {
                        xml.writeEnd(out);
                    }
                };
            }
            case JSON -> {
                JsonCodec json = new JsonCodec(options.attributes().containsKey("compact"), 0);
                yield row -> out.append(json.writeRow(normalized(schema, row))).append('\n');
            }
        };
    }

    /** Every cell in the canonical text of its column's type, and an empty cell for every missing column. */
    static Row normalized(Schema schema, Row row) {
        for (String absent : schema.missingFrom(row)) {
            row.put(absent, "");
        }
        for (Column column : schema.columns()) {
            String name = column.name();
            row.put(name, ConverterRegistry.normalize(column.type(), row.get(name)));
        }
        return row;
    }

    private static Supplier<Row> reader(Format from, String name, List<String> lines) {
        Iterator<String> it = lines.iterator();
        return switch (from) {
            case CSV -> {
                CsvCodec csv = new CsvCodec(name);
                if (it.hasNext()) {
                    csv.readHeader(it.next());
                }
                yield () -> it.hasNext() ? csv.readRow(it.next()) : null;
            }
            case XML -> {
                XmlCodec xml = XmlCodec.reader();
                yield () -> xml.readRow(name, it);
            }
            case JSON -> {
                JsonCodec json = new JsonCodec(false, 0);
                int[] lineNo = {0};
                yield () -> {
                    while (it.hasNext()) {
                        String line = it.next();
                        lineNo[0]++;
                        if (!line.isBlank()) {
                            return json.readRow(name, lineNo[0], line);
                        }
                    }
                    return null;
                };
            }
        };
    }
}
