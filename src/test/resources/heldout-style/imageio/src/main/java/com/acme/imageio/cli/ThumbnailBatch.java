package com.acme.imageio.cli;

import com.acme.imageio.bmp.BmpWriter;
import com.acme.imageio.core.CorruptImageException;
import com.acme.imageio.detect.FormatRegistry;
import com.acme.imageio.detect.FormatRegistry.ImageFormat;
import com.acme.imageio.detect.FormatRegistry.Kind;
import com.acme.imageio.meta.MetadataExtractor;
import com.acme.imageio.png.PngChunk;
import com.acme.imageio.png.PngChunkReader;
import com.acme.imageio.png.PngChunkWriter;
import com.acme.imageio.wav.WavReader;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Batch converter: for every PNG or WAV in a directory (or listed on stdin) writes a square BMP
 * thumbnail (a waveform for audio), a ".tags" sidecar and, for PNG, a copy without ancillary chunks.
 */
public final class ThumbnailBatch {

    /** Failure category per exception type: the process exit code, and the tag in the problem list. */
    private static final Map<Class<?>, Integer> FAILURE_CODES = new ConcurrentHashMap<>();

    private static final Map<String, String> DEFAULT_TAGS = Map.of("png.Software", "acme-imageio");

    private static final List<String> CSV_COLUMNS = List.of("png.Title", "png.Author", "date.year", "riff.format");

    private final Path outDir;
    private final Path quarantine;
    private final int size;
    private final MetadataExtractor extractor = new MetadataExtractor();
    private final BmpWriter bmp = new BmpWriter();
    private final AtomicInteger converted = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    private final List<MetadataExtractor.TagSnapshot> snapshots = Collections.synchronizedList(new ArrayList<>());
    private final List<String> csvRows = Collections.synchronizedList(new ArrayList<>());
    private final List<String[]> indexQueue = Collections.synchronizedList(new ArrayList<>());
    private final String tagger = System.getProperty("imageio.tagger");

    ThumbnailBatch(Path outDir, int size) {
        this.outDir = outDir;
        this.quarantine = outDir.resolve("quarantine");
        this.size = size;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            String prog = "thumbnail-batch";
            System.err.println(String.format("usage: %s <in-dir|-> <out-dir> [size[px]] [threads]", prog));
            System.exit(2);
        }
        String spec = args.length > 2 ? args[2] : "128px";
        int size = spec.endsWith("px") ? Integer.parseInt(spec.substring(0, spec.length() - 2)) : Integer.parseInt(spec);
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : Runtime.getRuntime().availableProcessors();

        List<Path> inputs;
        if (args[0].equals("-")) {
            ByteArrayOutputStream listing = new ByteArrayOutputStream();
            boolean more = true;
            while (more) {
                byte[] chunk = new byte[4096];
                int n = System.in.read(chunk);
                more = n >= 0;
                if (more) {
                    listing.write(chunk, 0, n);
                }
            }
            String[] lines = listing.toString(StandardCharsets.UTF_8).split("\\R");
            List<Path> listed = new ArrayList<>();
            for (String line : lines) {
                listed.add(Paths.get(line.trim()));
            }
            inputs = listed;
        } else {
            try (Stream<Path> files = Files.list(Paths.get(args[0]))) {
                inputs = files.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
            }
        }

        Map<String, String> options = new LinkedHashMap<>();
        options.put("--size", String.valueOf(size));
        options.put("--threads", String.valueOf(threads));
        options.put("--out", args[1]);
        String[] echo = options.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        System.out.println("thumbnail-batch " + String.join(" ", echo) + " (registry " + FormatRegistry.REGISTRY_HASH + ")");

        ThumbnailBatch batch = new ThumbnailBatch(Paths.get(args[1]), size);
        try {
            batch.runAll(inputs, threads);
        } catch (IOException | RuntimeException e) {
            int code = FAILURE_CODES.computeIfAbsent(e.getClass(), ThumbnailBatch::classify);
            System.err.println("batch aborted: " + e);
            System.exit(code);
        }
        batch.printSummary();
        System.exit(batch.failed.get() == 0 ? 0 : 1);
    }

    private static int classify(Class<?> type) {
        if (CorruptImageException.class.isAssignableFrom(type)) {
            return 3;
        }
        return IOException.class.isAssignableFrom(type) ? 4 : 5;
    }

    void runAll(List<Path> inputs, int threads) throws IOException, InterruptedException {
        Files.createDirectories(quarantine);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (Path p : inputs) {
            pool.execute(new Worker(p));
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.DAYS);
    }

    /** One task per input file. */
    private final class Worker implements Runnable {
        private final Path input;

        Worker(Path input) {
            this.input = input;
        }

        @Override
        public void run() {
            String name = input.getFileName().toString();
            try {
                convert(input, name);
                converted.incrementAndGet();
            } catch (IOException | RuntimeException e) {
                failed.incrementAndGet();
                int category = FAILURE_CODES.computeIfAbsent(e.getClass(), ThumbnailBatch::classify);
                StringBuilder line = new StringBuilder();
                line.append(name.substring(0, Math.min(name.length(), 40)));
                line.append(" [").append(category).append("] ").append(e.getMessage());
                problems.add(line.toString());
                try (InputStream src = Files.newInputStream(input);
                     OutputStream dst = Files.newOutputStream(quarantine.resolve(name))) {
                    byte[] buffer = new byte[8192];
                    int n;
                    while ((n = src.read(buffer)) != -1) {
                        dst.write(buffer, 0, n);
                    }
                } catch (IOException copyFailed) {
                    problems.add(name + ": not quarantined: " + copyFailed.getMessage());
                }
            }
        }
    }

    /** Converts one input file. */
    void convert(Path input, String name) throws IOException {
        String base = name.replaceAll("\\.[^.]+$", "");
        byte[] head;
        try (InputStream in = Files.newInputStream(input)) {
            head = in.readNBytes(16);
        }
        ImageFormat format = FormatRegistry.detect(head, name);
        if (format == null || format.name().equals("bmp")) {
            throw new CorruptImageException(input.toString(), 0, "not a PNG or WAV file");
        }
        String ext = FormatRegistry.formatOf(bmp.getClass()).extension();
        String outName = String.format("%s_%spx.%s", base, size, ext);

        Map<String, String> tags;
        int[] pixels;
        if (format.kind() == Kind.AUDIO) {
            Path copy = outDir.resolve(base + ".wav");
            try (InputStream in = Files.newInputStream(input);
                 OutputStream out = Files.newOutputStream(copy)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            try (InputStream in = Files.newInputStream(input)) {
                WavReader reader = new WavReader(in, name);
                WavReader.WavFormat wf = reader.readHeader();
                float[] samples = reader.readSamples(wf);
                tags = extractor.extractWav(wf, reader.skippedChunks());
                pixels = waveform(samples);
            }
        } else {
            List<PngChunk> chunks;
            try (InputStream in = Files.newInputStream(input)) {
                chunks = new PngChunkReader(in, name).readAll();
            }
            tags = extractor.extract(name, chunks);
            tags.put("png.chunkTypes", String.join(",", extractor.chunkTypes(chunks)));
            pixels = preview(PngChunkReader.inflate(chunks));
            writeStripped(chunks, outDir.resolve(base + ".stripped.png"));
        }
        extractor.mergeDefaults(tags, DEFAULT_TAGS);
        int year = extractor.creationYear(tags);
        if (year > 0) {
            tags.put("date.year", String.valueOf(year));
        }
        csvRows.add(String.join(",", extractor.csvCells(CSV_COLUMNS, tags)));
        indexQueue.add(extractor.flatten(extractor.withPrefix("doc.", tags)));
        Files.write(outDir.resolve(base + ".idx"), extractor.keywords(tags), StandardCharsets.UTF_8);
        if (tagger != null) {
            List<String> command = new ArrayList<>(List.of(tagger, outDir.resolve(outName).toString()));
            command.addAll(Arrays.asList(extractor.toToolArgs(tags)));
            new ProcessBuilder(command).inheritIO().start();
        }

        try (OutputStream out = Files.newOutputStream(outDir.resolve(outName))) {
            bmp.write(pixels, size, size, out);
        }
        String[] sidecar = Stream.concat(tags.keySet().stream(), tags.values().stream()).toArray(String[]::new);
        Files.write(outDir.resolve(base + ".tags"), Arrays.asList(sidecar), StandardCharsets.UTF_8);
        snapshots.add(new MetadataExtractor.TagSnapshot(name, tags));
    }

    private void writeStripped(List<PngChunk> chunks, Path target) throws IOException {
        List<PngChunk> critical = chunks.stream().filter(PngChunk::isCritical).collect(Collectors.toList());
        ByteArrayOutputStream encoded = new ByteArrayOutputStream();
        new PngChunkWriter(encoded).writeAll(critical);
        PngChunkWriter.writeTo(encoded.toByteArray(), target);
    }

    /** Peak level per column, drawn as a gray bar centred on the middle row. */
    private int[] waveform(float[] samples) {
        int[] argb = new int[size * size];
        Arrays.fill(argb, 0xFFFFFFFF);
        int perColumn = Math.max(1, samples.length / size);
        for (int x = 0; x < size; x++) {
            float peak = 0f;
            for (int i = x * perColumn; i < Math.min(samples.length, (x + 1) * perColumn); i++) {
                peak = Math.max(peak, Math.abs(samples[i]));
            }
            int half = Math.round(peak * size / 2f);
            for (int y = size / 2 - half; y < size / 2 + half; y++) {
                argb[y * size + x] = bmp.gray(0.25f);
            }
        }
        return argb;
    }

    /** Cheap preview: samples the filtered scanline bytes as gray levels (good enough for a contact sheet). */
    private int[] preview(byte[] scanlines) {
        int[] argb = new int[size * size];
        if (scanlines.length == 0) {
            return argb;
        }
        for (int i = 0; i < argb.length; i++) {
            int b = scanlines[(int) ((long) i * scanlines.length / argb.length)] & 0xFF;
            argb[i] = bmp.gray(b / 255f);
        }
        return argb;
    }

    void printSummary() {
        int ok = converted.get();
        int bad = failed.get();
        System.out.println(String.format("%s converted, %s failed", ok, bad));
        for (String p : problems) {
            System.out.println("  " + p);
        }
        for (MetadataExtractor.TagSnapshot s : snapshots) {
            System.out.println("  " + s);
        }
        System.out.println(csvRows.size() + " CSV rows, " + indexQueue.size() + " index documents");
    }
}
