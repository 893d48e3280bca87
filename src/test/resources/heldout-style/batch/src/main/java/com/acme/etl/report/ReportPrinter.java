package com.acme.etl.report;

import com.acme.etl.parse.Record;

import java.io.PrintStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Collects parsed rows and prints a summary after every file and totals at the end of the run.
 */
public final class ReportPrinter {

    private static final int LAYOUT_VERSION = 2;
    private static final String LAYOUT = "region,rows,amount_cents";
    private static final List<String> COLUMNS = List.of("region", "rows", "amount_cents");
    private static final String[] HEADER = COLUMNS.stream().map(String::toUpperCase).toArray(String[]::new);
    private static final int SCHEMA_HASH = Objects.hash(LAYOUT_VERSION, LAYOUT);
    private static final Map<Class<?>, String> LABELS = new ConcurrentHashMap<>();

    /** Key of the per-region, per-day totals; one is made for every sale. */
    static final class RegionDay {
        private final String region;
        private final int day;

        RegionDay(String region, int day) {
            this.region = region;
            this.day = day;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof RegionDay other && day == other.day && region.equals(other.region);
        }

        @Override
        public int hashCode() {
            return Objects.hash(region, day);
        }

        @Override
        public String toString() {
            return region + "@" + day;
        }
    }

    private final PrintStream out;
    private final boolean verbose;
    private final int day;
    private final List<Record.Sale> fileSales = new ArrayList<>();
    private final Map<String, Integer> fileCounts = new HashMap<>();
    private final Map<String, Long> fileTotals = new HashMap<>();
    private final Map<String, Long> totals = new TreeMap<>();
    private final Map<RegionDay, Long> daily = new HashMap<>();
    private final Set<String> seenKeys = new HashSet<>();
    private int duplicates;
    private int malformed;

    public ReportPrinter(PrintStream out, boolean verbose) {
        this.out = out;
        this.verbose = verbose;
        LocalDate today = LocalDate.now();
        this.day = today.getYear() * 10_000 + today.getMonthValue() * 100 + today.getDayOfMonth();
    }

    /** Called for every parsed row. */
    public void accept(Record record) {
        String label = LABELS.computeIfAbsent(record.getClass(), type -> type.getSimpleName().toLowerCase(Locale.ROOT));
        if (!seenKeys.add(record.groupKey())) {
            duplicates++;
        }
        switch (record) {
            case Record.Sale sale -> {
                fileSales.add(sale);
                fileCounts.merge(sale.region(), 1, Integer::sum);
                fileTotals.merge(sale.region(), sale.amountCents(), Long::sum);
                daily.merge(new RegionDay(sale.region(), day), sale.amountCents(), Long::sum);
                if (verbose) {
                    out.println(label + " " + sale.describe());
                }
            }
            case Record.Refund refund -> fileTotals.merge("(refunds)", -refund.amountCents(), Long::sum);
            case Record.Malformed(String id, String line, String reason) -> {
                malformed++;
                if (verbose) {
                    out.println(label + " " + id + ": " + reason);
                }
            }
        }
    }

    /** Prints the block for one input file; called once per file. */
    public void fileDone(String fileName, int rows) {
        List<String> regions = fileSales.stream().map(Record.Sale::region).collect(Collectors.toList());
        Set<String> ids = fileSales.stream().map(Record.Sale::id).collect(Collectors.toSet());
        String[] regionNames = regions.stream().map(String::strip).toArray(String[]::new);
        List<Long> amounts = fileSales.stream().map(Record.Sale::amountCents).toList();
        Arrays.sort(regionNames);
        long largest = amounts.isEmpty() ? 0 : Collections.max(amounts);
        int sales = fileSales.size();
        int uniqueIds = ids.size();
        out.println("== " + fileName + ": " + rows + " rows, " + sales + " sales, " + uniqueIds + " distinct ids, largest " + largest);
        out.println("   regions " + String.join(" ", regionNames));
        for (String region : fileCounts.keySet()) {
            int count = fileCounts.get(region);
            long cents = fileTotals.getOrDefault(region, 0L);
            out.println(String.format("   %s\t%s\t%s", region, count, cents));
        }
        fileTotals.forEach((region, cents) -> totals.merge(region, cents, Long::sum));
        fileSales.clear();
        fileCounts.clear();
        fileTotals.clear();
    }

    /** Prints the run totals; the command line calls this once, after the last file. */
    public void printTotals() {
        out.println("# layout " + Integer.toHexString(SCHEMA_HASH) + " " + String.join("\t", HEADER));
        String summary = totals.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
        out.println("totals: " + summary + ", " + daily.size() + " region-days, " + duplicates + " duplicate rows, " + malformed + " malformed rows");
    }
}
