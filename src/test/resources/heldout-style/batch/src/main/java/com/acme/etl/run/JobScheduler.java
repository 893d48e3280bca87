package com.acme.etl.run;

import com.acme.etl.io.BinaryRecordReader;
import com.acme.etl.io.FileCopier;
import com.acme.etl.parse.CsvRecordParser;
import com.acme.etl.parse.Record;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;

/**
 * Runs jobs on two pools. Jobs are registered when the class is loaded; every submitted
 * task gets a fresh job instance, {@link Job#setup} and then {@link Job#run}.
 */
public final class JobScheduler implements AutoCloseable {

    /** A unit of work; a new instance is made for every task. */
    public sealed interface Job permits ImportJob, ArchiveJob {
        void setup(Path input, Path taskDir) throws IOException;

        void run() throws IOException;
    }

    enum Lane {
        CRITICAL(2, "import, refund".split("\\s*,\\s*")),
        BULK(1, "archive", "report");

        final int weight;
        final Set<String> jobs;

        Lane(int weight, String... jobs) {
            this.weight = weight;
            this.jobs = Set.of(jobs);
        }

        static Lane of(String job) {
            return CRITICAL.jobs.contains(job) ? CRITICAL : BULK;
        }
    }

    private static final String NAMESPACE = "builtin";
    private static final Map<String, Supplier<Job>> REGISTRY = new LinkedHashMap<>();
    private static final Map<String, Supplier<Job>> QUALIFIED = new HashMap<>();
    private static final Map<Class<?>, String> METRIC_NAMES = new ConcurrentHashMap<>();

    static {
        registerBuiltins();
    }

    private static void registerBuiltins() {
        REGISTRY.put("import", ImportJob::new);
        REGISTRY.put("archive", ArchiveJob::new);
        for (String name : REGISTRY.keySet()) {
            QUALIFIED.put(NAMESPACE + "." + name, REGISTRY.get(name));
        }
    }

    private final ExecutorService critical;
    private final ExecutorService bulk;
    private final Path workDir;
    private final AtomicLong taskIds = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final Map<String, Long> completed = new ConcurrentHashMap<>();

    public JobScheduler(int threads, Path workDir) {
        this.critical = Executors.newFixedThreadPool(Math.max(1, threads * Lane.CRITICAL.weight / 3));
        this.bulk = Executors.newFixedThreadPool(Math.max(1, threads * Lane.BULK.weight / 3));
        this.workDir = workDir;
    }

    public Future<?> submit(String jobName, Path input) {
        long taskId = taskIds.incrementAndGet();
        String fileName = input.getFileName().toString();
        ExecutorService pool = Lane.of(jobName) == Lane.CRITICAL ? critical : bulk;
        return pool.submit(() -> {
            String threadLabel = String.format("etl-%s-%s", jobName, taskId);
            Thread.currentThread().setName(threadLabel);
            Job job = create(jobName);
            Path taskDir = workDir.resolve(fileName.replace(' ', '_'));
            try {
                Retry.call(jobName, 3, () -> {
                    job.setup(input, taskDir);
                    job.run();
                    return null;
                });
                completed.merge(metricName(job.getClass()), 1L, Long::sum);
            } catch (Exception e) {
                failed.incrementAndGet();
                System.err.println(threadLabel + " failed: " + e);
            }
        });
    }

    static String metricName(Class<?> type) {
        String name = METRIC_NAMES.get(type);
        if (name == null) {
            name = "etl.job." + type.getSimpleName().toLowerCase(Locale.ROOT);
            METRIC_NAMES.put(type, name);
        }
        return name;
    }

    private static Job create(String name) {
        Supplier<Job> factory = REGISTRY.get(name);
        if (factory == null) {
            factory = QUALIFIED.get(name);
        }
        if (factory == null) {
            throw new IllegalArgumentException(unknownJob(name));
        }
        return factory.get();
    }

    private static String unknownJob(String name) {
        String known = String.join(", ", REGISTRY.keySet());
        return String.format("unknown job '%s' (known: %s)", name, known);
    }

    public Worker startWorker(Path dropDir) {
        Worker worker = new Worker(this, dropDir);
        worker.start();
        return worker;
    }

    @Override
    public void close() throws InterruptedException {
        critical.shutdown();
        bulk.shutdown();
        critical.awaitTermination(1, TimeUnit.HOURS);
        bulk.awaitTermination(1, TimeUnit.HOURS);
        System.err.println("jobs: " + completed + ", failed: " + failed.get());
    }

    /** Converts a CSV file into the binary container. */
    static final class ImportJob implements Job {
        private static final List<String> REQUIRED_COLUMNS = List.of("id", "kind", "region", "qty", "amount");

        private Set<String> columns;
        private Path input;
        private Path output;

        @Override
        public void setup(Path input, Path taskDir) throws IOException {
            Files.createDirectories(taskDir);
            Set<String> wanted = new HashSet<>();
            wanted.addAll(REQUIRED_COLUMNS);
            this.columns = wanted;
            this.input = input;
            String base = input.getFileName().toString();
            this.output = taskDir.resolve(String.format("%s.dat", base));
        }

        @Override
        public void run() throws IOException {
            try (BufferedReader in = Files.newBufferedReader(input, StandardCharsets.UTF_8);
                 OutputStream out = new BufferedOutputStream(Files.newOutputStream(output))) {
                CsvRecordParser parser = new CsvRecordParser(in.readLine());
                if (!parser.columns().containsAll(columns)) {
                    throw new IOException(input + ": missing columns");
                }
                BinaryRecordReader.Writer writer = new BinaryRecordReader.Writer(out);
                long row = 0;
                String line;
                while ((line = in.readLine()) != null) {
                    if (parser.parse(++row, line) instanceof Record.Sale(String id, String region, int qty, long cents)) {
                        byte[] payload = (id + ';' + region + ';' + qty + ';' + cents).getBytes(StandardCharsets.UTF_8);
                        writer.append(payload, System.currentTimeMillis());
                    }
                }
            }
        }
    }

    /** Compresses a processed file into the archive and moves the original away. */
    static final class ArchiveJob implements Job {
        private Path input;
        private Path archiveDir;

        @Override
        public void setup(Path input, Path taskDir) {
            this.input = input;
            this.archiveDir = taskDir.resolveSibling("archive");
        }

        @Override
        public void run() throws IOException {
            Files.createDirectories(archiveDir);
            CRC32 crc = new CRC32();
            try (InputStream in = Files.newInputStream(input);
                 OutputStream out = new GZIPOutputStream(Files.newOutputStream(archiveDir.resolve(input.getFileName() + ".gz")))) {
                FileCopier.copyWithChecksum(in, out, crc);
            }
            Files.writeString(archiveDir.resolve(input.getFileName() + ".crc"), Long.toHexString(crc.getValue()));
            FileCopier.archive(input, archiveDir.resolve("raw"));
        }
    }

    /** Imports file names handed in by the drop-directory watcher, one task per name. */
    public static final class Worker extends Thread {
        private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        private final JobScheduler scheduler;
        private final Path dropDir;
        private volatile boolean stopping;
        private long handled;

        Worker(JobScheduler scheduler, Path dropDir) {
            super("etl-drop-watcher");
            this.scheduler = scheduler;
            this.dropDir = dropDir;
            setDaemon(true);
        }

        public void offer(String fileName) {
            queue.add(fileName);
        }

        public void shutdown() {
            stopping = true;
            interrupt();
        }

        @Override
        public void run() {
            String me = getName();
            while (!stopping) {
                String fileName;
                try {
                    fileName = queue.take();
                } catch (InterruptedException e) {
                    System.err.println(me + " stopped after " + handled + " files");
                    return;
                }
                // drop files are named <feed>_<yyyymmdd>_<sequence>.csv
                String day = fileName.replaceFirst("^[a-z]+_(\\d{8})_.*$", "$1");
                if (day.length() != 8) {
                    System.err.println(me + ": ignoring " + fileName);
                    continue;
                }
                int month = Integer.parseInt(day.substring(4, 6));
                Path monthDir = dropDir.resolve(day.substring(0, 4)).resolve(month < 10 ? "0" + month : Integer.toString(month));
                scheduler.submit("import", monthDir.resolve(fileName));
                handled++;
            }
        }
    }

    /** Retries a task on I/O failures with a growing pause. */
    static final class Retry {
        private Retry() {
        }

        static <T> T call(String what, int attempts, Callable<T> action) throws Exception {
            IOException last = null;
            for (int attempt = 1; attempt <= attempts; attempt++) {
                try {
                    return action.call();
                } catch (IOException e) {
                    last = e;
                    System.err.println(String.format("%s: attempt %s of %s failed, retrying", what, attempt, attempts));
                    Thread.sleep(250L << attempt);
                }
            }
            throw new IOException(String.format("%s failed after %s attempts", what, attempts), last);
        }
    }
}
