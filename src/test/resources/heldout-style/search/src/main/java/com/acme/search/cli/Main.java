package com.acme.search.cli;

import com.acme.search.analysis.Analyzer;
import com.acme.search.index.InvertedIndex;
import com.acme.search.index.InvertedIndex.Posting;
import com.acme.search.store.SegmentFile;

import java.io.ByteArrayOutputStream;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Indexes a directory tree into one segment file.
 *
 * <pre>search-index [--buffer=64m] [--ext=txt,md] [--export=FILE] [--verbose] &lt;dir&gt; &lt;segment&gt;</pre>
 */
public final class Main {

    private static final String PROG = "search-index";

    private final Analyzer analyzer = new Analyzer(true, 64);
    private final InvertedIndex index = new InvertedIndex();
    private final List<Long> modified = new ArrayList<>();
    private final Path root;
    private int nextDocId;

    Main(Path root) {
        this.root = root;
    }

    public static void main(String[] args) throws IOException {
        List<String> flags = new ArrayList<>(args.length);
        List<String> positional = new ArrayList<>(args.length);
        for (String arg : args) {
            (arg.startsWith("--") ? flags : positional).add(arg);
        }
        if (positional.size() != 2) {
            System.err.println(String.format("usage: %s [--buffer=64m] [--ext=txt,md] [--export=FILE] <dir> <segment>", PROG));
            System.exit(2);
        }
        Map<String, String> options = new HashMap<>(flags.size());
        for (String flag : flags) {
            int eq = flag.indexOf('=');
            options.put(eq < 0 ? flag.substring(2) : flag.substring(2, eq), eq < 0 ? "true" : flag.substring(eq + 1));
        }
        String buffer = options.getOrDefault("buffer", "64m");
        int bufferMb = Integer.parseInt(buffer.substring(0, buffer.length() - 1));
        String[] extensions = options.getOrDefault("ext", "txt, md").split("\\s*,\\s*");
        if (options.containsKey("verbose")) {
            String[] settings = options.entrySet().stream()
                    .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                    .toArray(String[]::new);
            System.err.println(PROG + " settings " + String.join(" ", settings) + ", buffer " + bufferMb + " MB");
        }

        Main indexer = new Main(Paths.get(positional.get(0)));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(indexer.root)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> hasExtension(p, extensions))
                    .collect(Collectors.toList());
        }
        long started = System.nanoTime();
        for (Path file : files) {
            indexer.indexFile(file);
        }
        Path segment = Paths.get(positional.get(1));
        Files.write(segment, indexer.flush());

        String export = options.get("export");
        if (export != null) {
            try (InputStream in = new FileInputStream(segment.toFile());
                 OutputStream out = new FileOutputStream(export)) {
                byte[] copyBuffer = new byte[8192];
                int n;
                while ((n = in.read(copyBuffer)) != -1) {
                    out.write(copyBuffer, 0, n);
                }
            }
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.println("indexed " + files.size() + " files in " + millis + " ms");
    }

    private static boolean hasExtension(Path path, String[] extensions) {
        String name = path.getFileName().toString();
        for (String ext : extensions) {
            if (name.endsWith("." + ext)) {
                return true;
            }
        }
        return false;
    }

    /** Reads, analyzes and indexes one file; called for every file under the directory. */
    void indexFile(Path file) throws IOException {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(file)) {
            while (true) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                content.write(chunk, 0, n);
            }
        }
        String text = content.toString(StandardCharsets.UTF_8);
        String relative = root.relativize(file).toString();
        int newline = text.indexOf('\n');
        String firstLine = newline < 0 ? text : text.substring(0, newline);
        String title = firstLine.replaceFirst("^#+\\s*", "");

        Map<String, List<String>> fields = new TreeMap<>();
        fields.put("title", analyzer.analyze(title));
        fields.put("body", analyzer.analyze(text));
        fields.put("path", analyzer.analyze(relative));
        index.addDocument(nextDocId++, relative, fields);
        modified.add(Files.getLastModifiedTime(file).toMillis());
    }

    byte[] flush() {
        int docs = index.docCount();
        int[] offsets = new int[docs];
        long[] times = new long[docs];
        for (int i = 0; i < docs; i++) {
            offsets[i] = i;
            times[i] = modified.get(i);
        }
        Map<InvertedIndex.Term, List<Posting>> postings = index.allPostings();
        List<int[]> lists = new ArrayList<>(postings.size());
        for (List<Posting> list : postings.values()) {
            int[] ids = new int[list.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = list.get(i).docId();
            }
            lists.add(ids);
        }
        return SegmentFile.write(new SegmentFile.Header(3, docs, System.currentTimeMillis()), offsets, times, lists);
    }
}
