package com.acme.mime.mbox;

import com.acme.mime.MailAddress;
import com.acme.mime.MimeException;
import com.acme.mime.MimeMessage;
import com.acme.mime.MimeParser;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Command-line tool: imports mbox files into a tab-separated index (one row per message), a quarantine
 * index for messages that do not parse, and optionally a directory of extracted attachments.
 */
public final class MboxImporter implements Closeable {

    private static final Logger LOG = Logger.getLogger(MboxImporter.class.getName());
    private static final String PROGRAM = "mbox-import";
    private static final List<String> DEFAULT_SKIP = Arrays.asList("Trash", "Junk", "Spam");
    private static final Map<Class<?>, Integer> EXIT_CODES = new ConcurrentHashMap<>();

    private final MimeParser parser = new MimeParser();
    private final Set<Integer> seen = new HashSet<>();
    private final Writer index;
    private final Writer quarantine;
    private final Path attachmentDir;
    private int imported;
    private int duplicates;
    private int failed;

    public MboxImporter(Path indexFile, Path quarantineFile, Path attachmentDir) throws IOException {
        this.index = Files.newBufferedWriter(indexFile, StandardCharsets.UTF_8);
        this.quarantine = Files.newBufferedWriter(quarantineFile, StandardCharsets.UTF_8);
        this.attachmentDir = attachmentDir;
    }

    public static void main(String[] args) {
        Set<String> skip = new HashSet<>();
        skip.addAll(DEFAULT_SKIP);
        List<String> names = new ArrayList<>();
        Path attachments = null;
        for (String arg : args) {
            if (arg.startsWith("--skip=")) {
                skip.add(arg.substring("--skip=".length()));
            } else if (arg.startsWith("--attachments=")) {
                attachments = Paths.get(arg.substring("--attachments=".length()));
            } else if (arg.matches("--?h(elp)?")) {
                usage();
                return;
            } else {
                names.add(arg);
            }
        }
        if (names.isEmpty()) {
            usage();
            System.exit(2);
        }
        MboxImporter importer = null;
        try {
            if (names.size() == 1 && names.get(0).equals("-")) {
                Path spool = Files.createTempFile(PROGRAM, ".mbox");
                try (OutputStream out = Files.newOutputStream(spool)) {
                    while (true) {
                        byte[] chunk = new byte[65536];
                        int n = System.in.read(chunk);
                        if (n < 0) {
                            break;
                        }
                        out.write(chunk, 0, n);
                    }
                }
                names.set(0, spool.toString());
            }
            List<Path> files = new ArrayList<>();
            for (String name : names) {
                files.add(Paths.get(name));
            }
            String[] shown = files.stream().map(p -> p.getFileName().toString()).toArray(String[]::new);
            System.out.println("importing " + String.join(", ", shown));

            importer = new MboxImporter(Paths.get("index.tsv"), Paths.get("quarantine.tsv"), attachments);
            Map<String, Integer> perFolder = new TreeMap<>();
            for (Path f : files) {
                String folder = f.getFileName().toString().replace(".mbox", "");
                if (!skip.contains(folder)) {
                    perFolder.put(folder, importer.importFile(f));
                }
            }
            importer.close();
            for (String folder : perFolder.keySet()) {
                System.out.println(folder + ": " + perFolder.get(folder));
            }
            System.out.println(importer.imported + " imported, " + importer.duplicates + " duplicates, " + importer.failed + " failed");
        } catch (IOException | RuntimeException e) {
            System.err.println(PROGRAM + ": " + e.getMessage());
            System.exit(exitCodeFor(e));
        }
    }

    private static void usage() {
        System.err.println(String.format("usage: %s [--skip=FOLDER]... [--attachments=DIR] FILE.mbox... | -", PROGRAM));
    }

    /** sysexits(3) code for a failure; main calls this once, from its catch block. */
    private static int exitCodeFor(Throwable e) {
        return EXIT_CODES.computeIfAbsent(e.getClass(), t -> IOException.class.isAssignableFrom(t) ? 74
                : MimeException.class.isAssignableFrom(t) ? 65 : 70);
    }

    /** Imports one file; returns the number of messages imported from it. */
    int importFile(Path file) throws IOException {
        int before = imported;
        try (MboxReader reader = new MboxReader(file)) {
            MboxReader.MboxRecord rec;
            boolean first = true;
            while ((rec = reader.next()) != null) {
                if (first) {
                    writeRow(index, reader.fileHeaderCells());
                    first = false;
                }
                try {
                    importRecord(file, rec);
                } catch (MimeException e) {
                    failed++;
                    int incident = Objects.hash(file, rec.offset);
                    LOG.warning("incident " + Integer.toHexString(incident) + " in " + rec + ": " + e.getMessage());
                    quarantine(file, rec, e);
                }
            }
        }
        return imported - before;
    }

    /** Runs once per record of every file. */
    private void importRecord(Path file, MboxReader.MboxRecord rec) throws IOException {
        MimeMessage msg = parser.parse(rec.body);
        String messageId = msg.header("Message-ID");
        String from = rec.envelopeSender;
        String date = rec.envelopeDate;
        int key = Objects.hash(messageId, from, date);
        if (!seen.add(key)) {
            duplicates++;
            return;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("file", file.getFileName().toString());
        fields.put("offset", Long.toString(rec.offset));
        fields.put("message-id", messageId == null ? "" : messageId);
        fields.put("from", from);
        fields.put("date", date);
        fields.put("subject", msg.subject() == null ? "" : msg.subject());
        String to = msg.header("To");
        if (to != null && !to.trim().isEmpty()) {
            fields.put("to", MailAddress.parseList(to).stream().map(a -> a.addrSpec()).collect(Collectors.joining(",")));
        }
        List<String> types = msg.parts().stream().map(p -> p.contentType().mimeType()).collect(Collectors.toList());
        fields.put("parts", String.join(",", types));
        writeRow(index, indexCells(fields));
        if (attachmentDir != null) {
            saveAttachments(msg, key);
        }
        imported++;
    }

    /** One index row: name, value, name, value, ... Runs per imported record. */
    private static String[] indexCells(Map<String, String> fields) {
        return fields.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    }

    /** Records a message that failed to parse: keys, then values. Only importFile's catch block calls it. */
    private void quarantine(Path file, MboxReader.MboxRecord rec, MimeException e) throws IOException {
        Map<String, String> fields = new TreeMap<>();
        fields.put("file", file.toString());
        fields.put("offset", Long.toString(rec.offset));
        fields.put("error", String.valueOf(e.getMessage()));
        String[] cells = Stream.concat(fields.keySet().stream(), fields.values().stream()).toArray(String[]::new);
        writeRow(quarantine, cells);
    }

    private void saveAttachments(MimeMessage msg, int key) throws IOException {
        int n = 0;
        for (MimeMessage part : msg.parts()) {
            String name = part.contentType().param("name");
            if (name == null) {
                continue;
            }
            Path target = attachmentDir.resolve(Integer.toHexString(key) + "-" + (n++) + "-" + name);
            try (InputStream in = new ByteArrayInputStream(part.body());
                 OutputStream out = Files.newOutputStream(target)) {
                byte[] buf = new byte[8192];
                int r;
                while ((r = in.read(buf)) != -1) {
                    out.write(buf, 0, r);
                }
            }
        }
    }

    private static void writeRow(Writer w, String[] cells) throws IOException {
        w.write(String.join("\t", cells));
        w.write('\n');
    }

    @Override
    public void close() throws IOException {
        try {
            index.close();
        } finally {
            quarantine.close();
        }
    }
}
