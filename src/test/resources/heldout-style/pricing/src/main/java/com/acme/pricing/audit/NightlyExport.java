package com.acme.pricing.audit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Writes yesterday's quotes as CSV for finance and checks them against the audit segments. Scheduled
 * once a day by the service; operators can also run it by hand with {@link #main}.
 */
public final class NightlyExport implements Runnable {

    private final AuditLog log;
    private final Path targetDir;

    public NightlyExport(AuditLog log, Path targetDir) {
        this.log = log;
        this.targetDir = targetDir;
    }

    @Override
    public void run() {
        String day = LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
        try {
            export(day);
        } catch (IOException e) {
            System.err.println("nightly export of " + day + " failed: " + e);
        }
    }

    void export(String day) throws IOException {
        List<AuditLog.Event> events = log.eventsFor(day);
        Map<String, Long> totalsByTenant = new TreeMap<>();
        long exportedTotal = 0;
        Path target = targetDir.resolve("quotes-" + day + ".csv");
        try (Writer out = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
            out.write("tenant,quote,amount_cents\n");
            for (AuditLog.Event event : events) {
                String tenant = event.tenant;
                String quoteId = event.quoteId;
                long cents = event.amountCents;
                out.write(String.format("%s,%s,%s%n", tenant, quoteId, cents));
                totalsByTenant.merge(tenant, cents, Long::sum);
                exportedTotal += cents;
            }
            for (String tenant : totalsByTenant.keySet()) {
                out.write("# total " + tenant + " " + totalsByTenant.get(tenant) + "\n");
            }
        }

        long segmentTotal = 0;
        for (Path segment : log.segmentsFor(day)) {
            byte[] data = Files.readAllBytes(segment);
            for (int off = AuditLog.SEGMENT_HEADER.length; off + AuditLog.FRAME <= data.length; off += AuditLog.FRAME) {
                int at = off + 8;
                long amount = (long) (data[at] & 0xFF) << 56 | (long) (data[at + 1] & 0xFF) << 48
                        | (long) (data[at + 2] & 0xFF) << 40 | (long) (data[at + 3] & 0xFF) << 32
                        | (long) (data[at + 4] & 0xFF) << 24 | (long) (data[at + 5] & 0xFF) << 16
                        | (long) (data[at + 6] & 0xFF) << 8 | (long) (data[at + 7] & 0xFF);
                segmentTotal += amount;
            }
        }
        if (segmentTotal != exportedTotal) {
            Map<String, String> mismatch = new TreeMap<>();
            mismatch.put("export", Long.toString(exportedTotal));
            mismatch.put("segments", Long.toString(segmentTotal));
            String[] cells = Stream.concat(mismatch.keySet().stream(), mismatch.values().stream())
                    .toArray(String[]::new);
            throw new IllegalStateException("audit totals for " + day + " disagree: " + String.join(",", cells));
        }
    }

    /**
     * Manual re-run for a day whose segment was restored from backup:
     * {@code NightlyExport <auditDir> <targetDir> <day> < segment.bin}.
     */
    public static void main(String[] args) throws IOException {
        Path auditDir = Paths.get(args[0]);
        ByteArrayOutputStream restored = new ByteArrayOutputStream();
        boolean more = true;
        while (more) {
            byte[] chunk = new byte[64 * 1024];
            int n = System.in.read(chunk);
            if (n < 0) {
                more = false;
            } else {
                restored.write(chunk, 0, n);
            }
        }
        Files.write(auditDir.resolve("segment-" + args[2] + "-restored.bin"), restored.toByteArray());
        new NightlyExport(new AuditLog(auditDir), Paths.get(args[1])).export(args[2]);
    }
}
