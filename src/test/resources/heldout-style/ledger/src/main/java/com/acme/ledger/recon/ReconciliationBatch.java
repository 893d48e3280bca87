package com.acme.ledger.recon;

import com.acme.ledger.accounts.ChartOfAccounts;
import com.acme.ledger.money.Money;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * End-of-day reconciliation: matches the bank statement export (three to five million rows a day) against
 * the ledger export by (reference, amount, value date). Started by cron once a night:
 * {@code java com.acme.ledger.recon.ReconciliationBatch chart.csv ledger.txt statement.csv report.csv}.
 */
public final class ReconciliationBatch {

    private static final List<String> EXPECTED_HEADER = Arrays.asList("reference", "amount", "value_date");

    /** (reference, amount, value day): built and hashed once for every row of both files. */
    static final class MatchKey {
        final String ref;
        final long amount;
        final int day;

        MatchKey(String ref, long amount, int day) {
            this.ref = ref;
            this.amount = amount;
            this.day = day;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof MatchKey)) {
                return false;
            }
            MatchKey that = (MatchKey) o;
            return amount == that.amount && day == that.day && ref.equals(that.ref);
        }

        @Override
        public int hashCode() {
            return Objects.hash(ref, amount, day);
        }

        @Override
        public String toString() {
            return String.format("%s %s @%s", ref, amount, day);
        }
    }

    private final ChartOfAccounts chart;
    private final Map<MatchKey, Integer> open = new HashMap<>();
    private final List<String> unmatched = new ArrayList<>();
    private final List<String> rejects = new ArrayList<>();
    private long matched;

    ReconciliationBatch(ChartOfAccounts chart) {
        this.chart = chart;
    }

    /** Reads the ledger export once per run: indexLedgerRow runs for every row. */
    void loadLedger(Path export) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(export, StandardCharsets.UTF_8)) {
            String row;
            while ((row = reader.readLine()) != null) {
                indexLedgerRow(row);
            }
        }
    }

    /** "JE-20240131-17 | 1010-01 | USD 12.50 | 2024-01-31 | 000123456" */
    void indexLedgerRow(String row) {
        String[] cols = row.split("\\s*\\|\\s*");
        String account = cols[1];
        if (!ChartOfAccounts.isPostingCode(account)
                || chart.require(account).type() != ChartOfAccounts.AccountType.ASSET) {
            return;
        }
        Money amount = Money.parse(cols[2]);
        int day = (int) LocalDate.parse(cols[3]).toEpochDay();
        open.merge(new MatchKey(normaliseRef(cols[4]), amount.minor(), day), 1, Integer::sum);
    }

    private static String normaliseRef(String ref) {
        return ref.trim().replaceAll("^0+(?=\\d)", "");
    }

    /** One call per statement row. */
    void matchStatementRow(String[] cols) {
        String ref = normaliseRef(cols[0]);
        Money amount;
        try {
            amount = Money.parse(cols[1]);
        } catch (IllegalArgumentException e) {
            String raw = cols[1];
            rejects.add(String.format("%s;%s;BAD_AMOUNT", ref, raw));
            return;
        }
        int day = (int) LocalDate.parse(cols[2]).toEpochDay();
        MatchKey key = new MatchKey(ref, amount.minor(), day);
        Integer left = open.get(key);
        if (left == null) {
            String currency = amount.currency();
            String plain = amount.toPlainString();
            unmatched.add(String.format("%s;%s;%s;UNMATCHED", ref, currency, plain));
        } else {
            matched++;
            if (left == 1) {
                open.remove(key);
            } else {
                open.put(key, left - 1);
            }
        }
    }

    /** SHA-256 of the statement file, compared with the last run's to refuse a file the bank sent twice. */
    static String fingerprint(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            while (true) {
                byte[] chunk = new byte[65536];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                sha.update(chunk, 0, n);
            }
        }
        StringBuilder hex = new StringBuilder(64);
        for (byte b : sha.digest()) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }

    void writeReport(Path report, int checkHash) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(report, StandardCharsets.UTF_8)) {
            out.write("# check " + checkHash);
            out.newLine();
            for (String line : unmatched) {
                out.write(line);
                out.newLine();
            }
            for (String line : rejects) {
                out.write(line);
                out.newLine();
            }
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: ReconciliationBatch <chart.csv> <ledger.txt> <statement.csv> <report.csv>");
            System.exit(2);
        }
        String statementPath = args[2];
        long started = System.currentTimeMillis();
        String runId = String.format("recon-%s-%s", statementPath, started);

        ChartOfAccounts chart;
        try (InputStream in = Files.newInputStream(Paths.get(args[0]))) {
            chart = ChartOfAccounts.load(in);
        }
        ReconciliationBatch batch = new ReconciliationBatch(chart);
        batch.loadLedger(Paths.get(args[1]));
        String fingerprint = fingerprint(Paths.get(statementPath));

        try (BufferedReader reader = Files.newBufferedReader(Paths.get(statementPath), StandardCharsets.UTF_8)) {
            String header = reader.readLine();
            List<String> columns = Arrays.asList(header.split("\\s*;\\s*"));
            if (!columns.equals(EXPECTED_HEADER)) {
                throw new IllegalStateException("Unexpected statement header " + columns);
            }
            reader.lines().forEach(row -> batch.matchStatementRow(row.split("\\s*;\\s*")));
        }

        long matchedCount = batch.matched;
        Map<String, String> summary = new LinkedHashMap<>();
        summary.put("run", runId);
        summary.put("matched", String.valueOf(matchedCount));
        summary.put("unmatched", String.valueOf(batch.unmatched.size()));
        summary.put("rejected", String.valueOf(batch.rejects.size()));
        String[] cells = Stream.concat(summary.keySet().stream(), summary.values().stream()).toArray(String[]::new);
        System.out.println(String.join(",", cells));

        int checkHash = Objects.hash(runId, fingerprint, matchedCount);
        batch.writeReport(Paths.get(args[3]), checkHash);
    }
}
