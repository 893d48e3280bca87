package com.acme.genome.cli;

import com.acme.genome.core.Read;
import com.acme.genome.io.FastqReader;
import com.acme.genome.kmer.KmerCounter;
import com.acme.genome.ref.ReferenceCache;
import com.acme.genome.stats.RunStats;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

/**
 * Command-line driver: runs the read pipeline over FASTQ inputs, and exposes the reference cache, the k-mer
 * counts and the run statistics through the embedded HTTP server while it runs.
 */
public final class GenomeCli {

    /** A pipeline stage; {@link #run} calls every stage once per read, in registration order. */
    @FunctionalInterface
    public interface Stage {
        void accept(Read read) throws IOException;
    }

    /** Stand-in for the embedded HTTP server's handler type: called once per request on the path it is mapped to. */
    @FunctionalInterface
    public interface Handler {
        byte[] handle(Map<String, List<String>> query) throws IOException;
    }

    private final List<Stage> stages = new ArrayList<>();
    private final Map<String, Handler> routes = new HashMap<>();
    private final RunStats stats = new RunStats();
    private final Writer out;

    GenomeCli(Writer out) {
        this.out = out;
    }

    void addStage(Stage stage) {
        stages.add(stage);
    }

    void route(String path, Handler handler) {
        routes.put(path, handler);
    }

    /** Wires the standard stages and routes. Runs once; what it registers runs for every read or request. */
    void configure(String sample, KmerCounter kmers, ReferenceCache reference) {
        addStage(read -> {
            String label = read.fragmentName().replaceAll(" ", "_");
            int lane = read.lane();
            stats.record(sample, lane, read.length(), read.meanQuality());
            out.write(String.format("%s\t%s\t%s%n", sample, label, lane));
        });
        addStage(new Stage() {
            private final Set<Read> seen = new HashSet<>();
            private long duplicates;

            @Override
            public void accept(Read read) throws IOException {
                if (!seen.add(read)) {
                    duplicates++;
                    out.write("#duplicate\t" + read.name() + "\n");
                }
            }

            @Override
            public String toString() {
                int distinct = seen.size();
                return String.format("dedup[%s duplicates, %s distinct reads]", duplicates, distinct);
            }
        });
        addStage(new Stage() {
            private long count;

            @Override
            public void accept(Read read) throws IOException {
                kmers.add(read);
                if (++count % 10_000 == 0) {
                    kmers.flush(out);
                }
            }
        });

        route("/metrics", query -> {
            StringBuilder body = new StringBuilder();
            for (Map.Entry<String, String> e : stats.scrape().entrySet()) {
                body.append(e.getKey()).append(' ').append(e.getValue()).append('\n');
            }
            return body.toString().getBytes(StandardCharsets.UTF_8);
        });
        route("/kmers/top", query -> {
            int n = Integer.parseInt(first(query, "n", "20"));
            return String.join("\n", kmers.top(n)).getBytes(StandardCharsets.UTF_8);
        });
        route("/session", query -> {
            ReferenceCache.Session session = reference.openSession(query.getOrDefault("contig", List.of()));
            return String.join("\n", session.contigs()).getBytes(StandardCharsets.UTF_8);
        });
        route("/region", query -> reference.fetch(first(query, "r", ""), codecType(query)).body());
        route("/regions", query -> {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (ReferenceCache.Response r : reference.fetchAll(query.get("r"), codecType(query)).values()) {
                body.write(r.body());
                body.write('\n');
            }
            return body.toByteArray();
        });
    }

    private static String first(Map<String, List<String>> query, String name, String fallback) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? fallback : values.get(0);
    }

    private static Class<?> codecType(Map<String, List<String>> query) {
        return "2bit".equals(first(query, "codec", "plain")) ? ReferenceCache.TwoBitCodec.class : ReferenceCache.PlainCodec.class;
    }

    /** Pushes every read through every stage. */
    void run(Iterator<Read> reads) throws IOException {
        while (reads.hasNext()) {
            Read read = reads.next();
            for (Stage stage : stages) {
                stage.accept(read);
            }
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: genome [--k=N] [--sample=NAME] [--select=FILE] [--cache=DIR] [--store=DIR] FASTQ...");
            System.exit(2);
        }
        int k = 21;
        String sample = "sample";
        Path selection = null;
        Path cacheDir = Path.of(System.getProperty("java.io.tmpdir"), "genome-cache");
        Path storeDir = Path.of("/srv/reference");
        int i = 0;
        while (i < args.length && args[i].startsWith("--")) {
            String arg = args[i++];
            if (!arg.matches("--[a-z]+=.+")) {
                throw new IllegalArgumentException("expected --name=value, got " + arg);
            }
            int eq = arg.indexOf('=');
            String key = arg.substring(2, eq);
            String value = arg.substring(eq + 1);
            switch (key) {
                case "k" -> k = Integer.parseInt(value);
                case "sample" -> sample = value;
                case "select" -> selection = Path.of(value);
                case "cache" -> cacheDir = Path.of(value);
                case "store" -> storeDir = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option --" + key);
            }
        }
        List<String> files = Arrays.asList(args).subList(i, args.length);
        List<Path> inputs = new ArrayList<>();
        for (String f : files) {
            inputs.add(Path.of(f));
        }

        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        GenomeCli cli = new GenomeCli(out);
        Files.createDirectories(cacheDir);
        ReferenceCache reference = new ReferenceCache(storeDir, cacheDir, Set.of());
        cli.configure(sample, new KmerCounter(k), reference);

        // A reproducible reservoir of reads for the QC report, seeded per sample and k.
        int seed = Objects.hash(sample, k);
        Random random = new Random(seed);
        List<Read> reservoir = new ArrayList<>(1000);
        long[] seenCount = {0};
        cli.addStage(read -> {
            long n = ++seenCount[0];
            if (reservoir.size() < 1000) {
                reservoir.add(read);
            } else {
                long j = random.nextLong(n);
                if (j < 1000) {
                    reservoir.set((int) j, read);
                }
            }
        });

        if (selection != null) {
            Set<String> selected = Set.copyOf(Files.readAllLines(selection));
            String tag = sample;
            cli.addStage(read -> {
                String name = read.name();
                String qualified = String.format("%s:%s", tag, name);
                if (selected.contains(qualified)) {
                    out.write(">" + qualified + "\n" + read.bases() + "\n");
                }
            });
        }

        for (Path input : inputs) {
            try (BufferedReader r = Files.newBufferedReader(input)) {
                cli.run(new FastqReader(r, input.toString(), 20));
            }
        }
        out.flush();
        System.err.print(cli.stats);
        System.err.println(reservoir.size() + " reads kept for QC");
    }
}
