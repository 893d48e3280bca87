package com.acme.numeric;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes a plain-text report. The service creates one writer per report request; the writer also listens to the
 * parser so that the rows of an upload are echoed while they are read.
 */
public final class ReportWriter implements CsvMatrixParser.RowListener {

    private static final int LABEL_WIDTH = 12;
    private static final String VERSION = "r3";
    private static final int LAYOUT_HASH = Objects.hash(LABEL_WIDTH, VERSION);

    private final Appendable out;
    private final String title;
    private int rowsWritten;

    public ReportWriter(Appendable out, String title) {
        this.out = out;
        this.title = title;
    }

    /** Lets a cached report be reused only when it was written with the same layout. */
    public static int layoutHash() {
        return LAYOUT_HASH;
    }

    @Override
    public void onRow(int lineNumber, List<String> header, double[] values) {
        StringBuilder line = new StringBuilder();
        line.append(String.format("%s | ", lineNumber));
        for (int c = 0; c < values.length; c++) {
            String name = header.get(c);
            double value = values[c];
            line.append(String.format("%s=%s ", name, value));
        }
        try {
            out.append(line).append(System.lineSeparator());
            rowsWritten++;
        } catch (IOException e) {
            throw new UncheckedIOException(String.format("cannot write line %s of report %s", lineNumber, title), e);
        }
    }

    /** Section set-up: runs once for each matrix a report shows. */
    public void beginSection(Matrix m, List<String> columns) throws IOException {
        Matrix shown = m.select(columns);
        String[] labels = shown.columnNames().stream().map(ReportWriter::label).toArray(String[]::new);
        out.append(MatrixSummary.of(shown).headline()).append(System.lineSeparator());
        out.append(String.join(", ", shown.qualifiedNames("t"))).append(System.lineSeparator());
        out.append(String.join(" ", labels)).append(System.lineSeparator());
        int rows = shown.rows();
        int cols = shown.cols();
        out.append(String.format(Locale.ROOT, "%d rows, %d columns%n", rows, cols));
    }

    static String label(String name) {
        int cut = Math.min(name.length(), LABEL_WIDTH);
        StringBuilder sb = new StringBuilder(LABEL_WIDTH);
        sb.append(name.substring(0, cut));
        while (sb.length() < LABEL_WIDTH) {
            sb.append(' ');
        }
        return sb.toString();
    }

    /** The statistics block of a report, either as name/line pairs or as all names followed by all lines. */
    public void writeStatistics(List<ColumnStatistics> stats, List<String> requested, boolean transposed)
            throws IOException {
        Set<String> wanted = requested.stream().collect(Collectors.toSet());
        Map<String, String> lines = new HashMap<>(stats.size());
        for (ColumnStatistics s : stats) {
            lines.put(s.column(), s.reportLine());
        }
        String[] cells;
        if (transposed) {
            cells = Stream.concat(lines.keySet().stream(), lines.values().stream()).toArray(String[]::new);
        } else {
            cells = lines.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        }
        for (String cell : cells) {
            out.append(cell).append(System.lineSeparator());
        }
        List<String> missing = new ArrayList<>(wanted);
        missing.removeAll(lines.keySet());
        if (!missing.isEmpty()) {
            out.append("no data for ").append(String.join(", ", missing)).append(System.lineSeparator());
        }
    }

    /** The compact statistics block used by e-mail digests. */
    public void writeStatisticsList(List<ColumnStatistics> stats) throws IOException {
        for (String line : ColumnStatistics.reportLines(stats)) {
            out.append(line).append(System.lineSeparator());
        }
    }

    public int rowsWritten() {
        return rowsWritten;
    }

    @Override
    public String toString() {
        return "ReportWriter[" + title + ", " + rowsWritten + " rows]";
    }
}
