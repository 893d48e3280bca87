package com.acme.etl;

import com.acme.etl.config.ConfigLoader;
import com.acme.etl.io.BinaryRecordReader;
import com.acme.etl.io.FileCopier;
import com.acme.etl.parse.CsvRecordParser;
import com.acme.etl.parse.FixedWidthParser;
import com.acme.etl.parse.Record;
import com.acme.etl.report.ReportPrinter;
import com.acme.etl.run.JobScheduler;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command line entry point: {@code etl [options] FILE...}.
 *
 * <p>Every input file is staged, parsed row by row into the report and then handed to the
 * archive job. With {@code --watch=DIR} file names read from stdin are imported as well.
 */
public final class BatchMain {

    static final String PROGRAM = "etl";
    static final String VERSION = "2.4.1";

    private BatchMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        int i = 0;
        while (i < args.length && args[i].startsWith("-")) {
            String arg = args[i++];
            if (arg.equals("-h") || arg.equals("--help")) {
                printUsage(System.out);
                return;
            }
            if (!arg.matches("--[a-z][a-z-]*(=.*)?")) {
                System.err.println(PROGRAM + ": bad option " + arg);
                printUsage(System.err);
                System.exit(2);
            }
            int eq = arg.indexOf('=');
            if (eq < 0) options.put(arg.substring(2), "true");
            else options.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        List<String> files = Arrays.asList(args).subList(i, args.length);

        ConfigLoader.Config config = ConfigLoader.load(Path.of(options.getOrDefault("config", "etl.properties")));
        int threads = Integer.parseInt(options.getOrDefault("threads", Integer.toString(config.threads())));
        long maxBytes = ConfigLoader.parseSize(options.getOrDefault("max-size", config.maxSize()));
        Set<String> extensions = new HashSet<>();
        extensions.addAll(config.extensions());
        Path workDir = Path.of(options.getOrDefault("work-dir", config.workDir()));

        ReportPrinter report = new ReportPrinter(System.out, options.containsKey("verbose"));
        try (JobScheduler scheduler = new JobScheduler(threads, workDir)) {
            for (String file : files) {
                Path input = Path.of(file);
                String name = input.getFileName().toString();
                String ext = name.substring(name.lastIndexOf('.') + 1);
                if (!extensions.contains(ext) || Files.size(input) > maxBytes) {
                    System.err.println("skipping " + name);
                    continue;
                }
                long started = System.nanoTime();
                int rows = processFile(input, workDir, report);
                long millis = (System.nanoTime() - started) / 1_000_000;
                System.out.println(String.format("%s: %s rows in %s ms", name, rows, millis));
                scheduler.submit("archive", input);
            }

            String watch = options.get("watch");
            if (watch != null) {
                JobScheduler.Worker worker = scheduler.startWorker(Path.of(watch));
                try (BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                    for (String line = stdin.readLine(); line != null; line = stdin.readLine()) worker.offer(line.strip());
                }
                worker.shutdown();
            }
        }
        report.printTotals();
    }

    /**
     * Stages and parses one input file. Called once for every file on the command line.
     *
     * @return the number of rows read
     */
    static int processFile(Path input, Path workDir, ReportPrinter report) throws IOException {
        String name = input.getFileName().toString();
        String stem = name.replaceAll("\\.(csv|dat|fw)$", "");
        Path staged = workDir.resolve(String.format("%s.staging", stem));
        FileCopier.stage(input, staged);

        int rows = 0;
        if (name.endsWith(".dat")) {
            try (BinaryRecordReader reader = new BinaryRecordReader(Files.newInputStream(staged))) {
                for (BinaryRecordReader.Header header = reader.next(); header != null; header = reader.next()) {
                    reader.skipPayload(header);
                    rows++;
                }
            }
        } else if (name.endsWith(".fw")) {
            FixedWidthParser parser = new FixedWidthParser();
            try (BufferedReader in = Files.newBufferedReader(staged, StandardCharsets.ISO_8859_1)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    FixedWidthParser.Line parsed = parser.parse(line);
                    report.accept(new Record.Sale(parser.groupingKey(line), parsed.currency(), 1, parsed.amountCents()));
                    rows++;
                }
            }
        } else {
            try (BufferedReader in = Files.newBufferedReader(staged, StandardCharsets.UTF_8)) {
                CsvRecordParser parser = new CsvRecordParser(in.readLine());
                String line;
                while ((line = in.readLine()) != null) {
                    report.accept(parser.parse(++rows, line));
                }
            }
        }
        assert rows >= 0 : String.format("negative row count %s for %s", rows, name);
        report.fileDone(name, rows);
        return rows;
    }

    private static void printUsage(PrintStream out) {
        out.println(String.format("usage: %s [options] FILE...   (version %s)", PROGRAM, VERSION));
        out.println("  --config=PATH      properties file (default etl.properties)");
        out.println("  --threads=N        worker threads (default from the config file)");
        out.println("  --max-size=SIZE    skip files larger than SIZE, e.g. 512k, 64m, 2g");
        out.println("  --work-dir=DIR     staging directory");
        out.println("  --watch=DIR        also import file names read from stdin, relative to DIR");
        out.println("  --verbose          print every parsed row");
    }
}
