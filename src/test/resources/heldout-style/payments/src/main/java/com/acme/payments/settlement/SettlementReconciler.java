package com.acme.payments.settlement;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Nightly job: matches each acquirer settlement file against the gateway's ledger of captures and marks what settled.
 * Started by cron through {@link #main}; a night's drop holds a few files of some hundred thousand rows each.
 */
public final class SettlementReconciler {

    /** Harbour Bank's binary files: a 16-byte header (magic, format version, merchant number), then 32-byte records. */
    private static final int HEADER_SIZE = 16;
    private static final int RECORD_SIZE = 32;

    /** Acquirer references arrive with spaces and dashes ("HB-1234 5678"); the ledger stores them bare. */
    private static final Function<String, String> CLEAN_REF = ref -> ref.replaceAll("[^A-Z0-9]", "");

    /** Implemented by the ledger client found on the class path. */
    public interface Ledger {
        /** Captures the gateway recorded for these merchants on the settlement date, keyed by what the file shows. */
        Map<SettlementKey, String> capturesFor(String[] merchantIds);

        void markSettled(String orderRef);
    }

    public static final class SettlementKey {
        private final String ref;
        private final long amount;
        private final String ccy;

        public SettlementKey(String ref, long amount, String ccy) {
            this.ref = ref;
            this.amount = amount;
            this.ccy = ccy;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof SettlementKey)) {
                return false;
            }
            SettlementKey other = (SettlementKey) o;
            return amount == other.amount && ref.equals(other.ref) && ccy.equals(other.ccy);
        }

        @Override
        public int hashCode() {
            return Objects.hash(ref, amount, ccy);
        }
    }

    static final class Row {
        final String merchantId;
        final String ref;
        final long amount;
        final String ccy;

        Row(String merchantId, String ref, long amount, String ccy) {
            this.merchantId = merchantId;
            this.ref = ref;
            this.amount = amount;
            this.ccy = ccy;
        }

        String merchantId() {
            return merchantId;
        }

        SettlementKey key() {
            return new SettlementKey(ref, amount, ccy);
        }
    }

    private final Ledger ledger;

    public SettlementReconciler(Ledger ledger) {
        this.ledger = ledger;
    }

    /** Reconciles every file of the night's drop, one after the other, into one report. */
    public String reconcileAll(List<Path> files) {
        StringBuilder report = new StringBuilder();
        for (Path file : files) {
            try {
                if (file.toString().endsWith(".bin")) {
                    reconcileBinary(file, report);
                } else {
                    reconcileText(file, report);
                }
            } catch (IOException e) {
                String name = file.getFileName().toString();
                String reason = e.getMessage();
                System.err.println(String.format("skipping settlement file %s: %s", name, reason));
            }
        }
        return report.toString();
    }

    /** NovaPay's text files: "M-1001 ; NP-5521-0934 ; 1250 ; EUR" per row, no header. */
    void reconcileText(Path file, StringBuilder report) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        List<Row> rows = new ArrayList<>();
        for (String line : lines) {
            rows.add(parseRow(line));
        }
        String[] merchantIds = rows.stream().map(Row::merchantId).toArray(String[]::new);
        Map<SettlementKey, String> captures = ledger.capturesFor(merchantIds);
        Set<String> unmatched = new HashSet<>();
        unmatched.addAll(captures.values());
        for (Row row : rows) {
            String orderRef = captures.get(row.key());
            String ref = row.ref;
            long amount = row.amount;
            String status = orderRef == null ? "UNKNOWN" : "SETTLED";
            report.append(String.format(Locale.ROOT, "%s;%d;%s%n", ref, amount, status));
            if (orderRef != null) {
                unmatched.remove(orderRef);
                ledger.markSettled(orderRef);
            }
        }
        for (String orderRef : unmatched) {
            report.append("NOT_SETTLED;").append(orderRef).append('\n');
        }
    }

    static Row parseRow(String line) {
        String[] cols = line.split("\\s*;\\s*");
        if (cols.length < 4) {
            throw new IllegalArgumentException("settlement row has " + cols.length + " columns: " + line);
        }
        long amount = Long.parseLong(cols[2]);
        return new Row(cols[0].trim(), CLEAN_REF.apply(cols[1]), amount, cols[3].trim());
    }

    /** Harbour Bank: records of reference (8 ASCII), amount (8, big-endian), currency (3 ASCII), padding. */
    void reconcileBinary(Path file, StringBuilder report) throws IOException {
        byte[] data = Files.readAllBytes(file);
        String merchantId = "HB-" + new String(data, 8, 8, StandardCharsets.US_ASCII).trim();
        Map<SettlementKey, String> captures = ledger.capturesFor(new String[] {merchantId});
        for (int off = HEADER_SIZE; off + RECORD_SIZE <= data.length; off += RECORD_SIZE) {
            String ref = new String(data, off, 8, StandardCharsets.US_ASCII);
            int at = off + 8;
            long amount = (data[at] & 0xFFL) << 56 | (data[at + 1] & 0xFFL) << 48 | (data[at + 2] & 0xFFL) << 40
                    | (data[at + 3] & 0xFFL) << 32 | (data[at + 4] & 0xFFL) << 24 | (data[at + 5] & 0xFFL) << 16
                    | (data[at + 6] & 0xFFL) << 8 | (data[at + 7] & 0xFFL);
            String ccy = new String(data, off + 16, 3, StandardCharsets.US_ASCII);
            String orderRef = captures.get(new SettlementKey(ref, amount, ccy));
            if (orderRef == null) {
                report.append(ref).append(';').append(amount).append(";UNKNOWN\n");
            } else {
                ledger.markSettled(orderRef);
                report.append(ref).append(';').append(amount).append(";SETTLED\n");
            }
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            String self = SettlementReconciler.class.getSimpleName();
            System.err.println(String.format("usage: %s <drop-dir> <report-file> [--inspect]", self));
            System.exit(2);
        }
        Path dropDir = Paths.get(args[0]);
        Path reportFile = Paths.get(args[1]);
        List<Path> files;
        try (Stream<Path> listing = Files.list(dropDir)) {
            files = listing.sorted().collect(Collectors.toList());
        }
        if (args.length > 2 && args[2].equals("--inspect")) {
            for (Path file : files) {
                byte[] header = new byte[HEADER_SIZE];
                try (InputStream in = Files.newInputStream(file)) {
                    in.readNBytes(header, 0, HEADER_SIZE);
                }
                int version = (header[4] & 0xFF) << 24 | (header[5] & 0xFF) << 16 | (header[6] & 0xFF) << 8 | (header[7] & 0xFF);
                System.out.println(file.getFileName() + ": format version " + version);
            }
            return;
        }
        Ledger ledger = ServiceLoader.load(Ledger.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no ledger client on the class path"));
        String report = new SettlementReconciler(ledger).reconcileAll(files);
        Files.writeString(reportFile, report, StandardCharsets.US_ASCII);

        // the finance share only keeps the latest report; the archive keeps one per night
        Path archived = dropDir.resolve("archive").resolve(reportFile.getFileName());
        try (InputStream in = Files.newInputStream(reportFile); OutputStream out = Files.newOutputStream(archived)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
    }
}
