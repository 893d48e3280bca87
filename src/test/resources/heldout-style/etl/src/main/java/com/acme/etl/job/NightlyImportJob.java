package com.acme.etl.job;

import com.acme.etl.audit.AuditLog;
import com.acme.etl.db.BatchWriter;
import com.acme.etl.db.Db;
import com.acme.etl.io.RecordReader;
import com.acme.etl.mapping.ColumnMapping;
import com.acme.etl.model.ImportRow;
import com.acme.etl.validate.Validators;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Nightly entry point: imports every file of a feed's drop directory into the staging table, writes
 * the audit trail, archives imported files and quarantines files that fail. Started by the scheduler
 * at 01:30, one process per feed. A feed's drop directory holds one file per branch and delivery, a
 * few hundred files on a normal night, from a few lines to a few hundred thousand:
 *
 * <pre>nightly-import /etc/etl/ledger-eu.properties /data/drop/ledger-eu [run-id] [file,file,...]</pre>
 */
public final class NightlyImportJob {

    private static final Map<Class<?>, String> FAILURE_CODES = new ConcurrentHashMap<>();

    private final Db.DataSource dataSource;
    private final ColumnMapping mapping;
    private final Properties feed;
    private final AuditLog audit;
    private final BatchWriter.RetryPolicy retry;
    private final int batchSize;
    private final LocalDate businessDay;
    private final Path archiveDir;
    private final Path quarantineDir;
    private final List<BatchWriter.Listener> listeners = new ArrayList<>();
    private long rowsWritten;
    private long rowsRejected;

    NightlyImportJob(Db.DataSource dataSource, ColumnMapping mapping, Properties feed, AuditLog audit,
            BatchWriter.RetryPolicy retry, int batchSize, LocalDate businessDay, Path dropDir) {
        this.dataSource = dataSource;
        this.mapping = mapping;
        this.feed = feed;
        this.audit = audit;
        this.retry = retry;
        this.batchSize = batchSize;
        this.businessDay = businessDay;
        this.archiveDir = dropDir.resolve("archive");
        this.quarantineDir = dropDir.resolve("quarantine");
    }

    void addListener(BatchWriter.Listener listener) {
        listeners.add(listener);
    }

    long rowsWritten() {
        return rowsWritten;
    }

    long rowsRejected() {
        return rowsRejected;
    }

    /** Imports the files one after the other; a file that fails is quarantined and the run goes on. */
    int run(List<Path> files) throws IOException {
        Files.createDirectories(archiveDir);
        Files.createDirectories(quarantineDir);
        int failed = 0;
        for (Path file : files) {
            try {
                importFile(file);
                archive(file);
            } catch (IOException | Db.DbException | RuntimeException e) {
                failed++;
                String code = FAILURE_CODES.computeIfAbsent(e.getClass(), NightlyImportJob::failureCode);
                String name = String.valueOf(file.getFileName());
                audit.fileFailed(name, code);
                try (InputStream in = Files.newInputStream(file);
                        OutputStream out = Files.newOutputStream(quarantineDir.resolve(name))) {
                    while (true) {
                        byte[] chunk = new byte[64 * 1024];
                        int n = in.read(chunk);
                        if (n < 0) {
                            break;
                        }
                        out.write(chunk, 0, n);
                    }
                } catch (IOException copyFailed) {
                    e.addSuppressed(copyFailed);
                }
            }
        }
        return failed;
    }

    /** Imports one delivered file: read, check, write in batches. */
    void importFile(Path file) throws IOException, Db.DbException {
        audit.fileReceived(file);
        Validators.RowValidator check = Validators.all(Validators.forFeed(feed, businessDay));
        Set<ImportRow> seen = new HashSet<>();
        try (RecordReader reader = RecordReader.open(file, mapping);
                Db.Connection connection = dataSource.getConnection();
                BatchWriter writer = new BatchWriter(connection, mapping, batchSize, retry)) {
            writer.addListener(audit);
            for (BatchWriter.Listener listener : listeners) {
                writer.addListener(listener);
            }
            ImportRow row;
            while ((row = reader.next()) != null) {
                String reason = seen.add(row) ? check.check(row) : "duplicate booking in this file";
                if (reason != null) {
                    row.setStatus(ImportRow.Status.REJECTED);
                    audit.rejected(row, reason);
                    rowsRejected++;
                } else {
                    row.setStatus(ImportRow.Status.VALID);
                    writer.add(row);
                    rowsWritten++;
                }
            }
            writer.flush();
        }
    }

    /** Gzips an imported file into the archive and removes it from the drop directory. */
    private void archive(Path file) throws IOException {
        Path target = archiveDir.resolve(file.getFileName() + ".gz");
        try (InputStream in = Files.newInputStream(file);
                OutputStream out = new GZIPOutputStream(Files.newOutputStream(target))) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
        Files.delete(file);
    }

    private static String failureCode(Class<?> type) {
        return type.getSimpleName().replace("Exception", "").toUpperCase(Locale.ROOT);
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            String program = System.getProperty("etl.program", "nightly-import");
            System.err.println(String.format("usage: %s <mapping.properties> <drop-dir> [run-id] [file,...]", program));
            System.exit(64);
            return;
        }
        String mappingFile = args[0];
        String dropDir = args[1];
        String runId = args.length > 2 ? args[2] : LocalDate.now().format(DateTimeFormatter.BASIC_ISO_DATE);
        List<String> only = args.length > 3 ? Arrays.asList(args[3].split("\\s*[,;]\\s*")) : Collections.emptyList();
        int batchSize = Integer.getInteger("etl.batch.size", 500);
        int configHash = Objects.hash(mappingFile, batchSize);

        Path drop = Paths.get(dropDir);
        Path auditFile = drop.resolve("audit").resolve(runId + ".audit");
        try (Writer auditOut = Files.newBufferedWriter(auditFile, StandardCharsets.UTF_8)) {
            Properties feed = new Properties();
            try (Reader in = Files.newBufferedReader(Paths.get(mappingFile), StandardCharsets.UTF_8)) {
                feed.load(in);
            }
            ColumnMapping mapping = ColumnMapping.load(Paths.get(mappingFile));

            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("feed", mapping.feed());
            tags.put("host", InetAddress.getLocalHost().getHostName());
            tags.put("config", Integer.toHexString(configHash));
            String[] banner = tags.entrySet().stream()
                    .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                    .toArray(String[]::new);
            System.out.println("nightly import " + runId + " " + String.join(" ", banner));

            List<Path> files = only.stream().map(name -> drop.resolve(name)).collect(Collectors.toList());
            if (files.isEmpty()) {
                try (Stream<Path> listing = Files.list(drop)) {
                    files = listing.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
                }
            }
            String[] names = files.stream().map(p -> String.valueOf(p.getFileName())).toArray(String[]::new);
            System.out.println("files: " + String.join(", ", names));

            String dataSourceClass = System.getProperty("etl.datasource.class");
            Db.DataSource dataSource = (Db.DataSource) Class.forName(dataSourceClass).getDeclaredConstructor().newInstance();
            AuditLog audit = new AuditLog(auditOut, runId, tags);
            BatchWriter.RetryPolicy retry = new BatchWriter.RetryPolicy(Integer.getInteger("etl.retry.attempts", 3),
                    Long.getLong("etl.retry.backoff.ms", 2000L));
            NightlyImportJob job = new NightlyImportJob(dataSource, mapping, feed, audit, retry, batchSize,
                    LocalDate.now().minusDays(1), drop);

            // what the shutdown hook reports when the scheduler kills a run that overruns its window
            Map<String, String> progress = new ConcurrentHashMap<>();
            job.addListener(new BatchWriter.Listener() {
                @Override
                public void batchWritten(BatchWriter.BatchResult result) {
                    String table = result.getTable();
                    int batchNo = result.getBatchNo();
                    progress.put(table, String.format("%s: batch %s committed", table, batchNo));
                }
            });
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.err.println("last batches: " + progress)));

            // tables to ANALYZE after the run, without their schema
            Set<String> touched = ConcurrentHashMap.newKeySet();
            job.addListener(result -> touched.add(result.getTable().replaceFirst("^[A-Z0-9_]+\\.", "")));

            // accounts whose end-of-day balance the ledger job recomputes after the import
            Set<String> accounts = ConcurrentHashMap.newKeySet();
            job.addListener(result -> accounts.addAll(result.accounts()));

            int failed = job.run(files);
            long written = job.rowsWritten();
            long rejected = job.rowsRejected();
            int fileCount = files.size();
            System.out.println(String.format(Locale.ROOT, "run %s: %d files, %d failed, %d rows written, %d rejected",
                    runId, fileCount, failed, written, rejected));
            System.out.println("analyze: " + String.join(" ", touched));
            Files.write(drop.resolve("audit").resolve(runId + ".accounts"), accounts, StandardCharsets.UTF_8);
            audit.close();
            System.exit(failed == 0 ? 0 : 3);
        } catch (IOException | ReflectiveOperationException e) {
            String reason = e.getMessage();
            System.err.println(String.format("nightly import %s failed: %s", runId, reason));
            System.exit(2);
        }
    }
}
