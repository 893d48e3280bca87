package com.acme.numeric.demo;

import com.acme.numeric.ColumnStatistics;
import com.acme.numeric.CsvMatrixParser;
import com.acme.numeric.DimensionMismatchException;
import com.acme.numeric.Matrix;
import com.acme.numeric.ReportWriter;
import com.acme.numeric.UnitRegistry;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Parses the CSV files named on the command line (or a built-in sample) and prints a report for each. */
public final class NumericDemo {

    private static final String BUILT_IN_SAMPLE = "mass [kg], length, share\n"
            + "1.5, 2 km, 10 %\n"
            + "2.25, 350 m, 12.5%\n"
            + "# calibration row follows\n"
            + "NA, 1.2 km, 7 %\n";

    private static final String SAMPLE;

    static {
        String sample = BUILT_IN_SAMPLE;
        try (InputStream in = NumericDemo.class.getResourceAsStream("/sample.csv")) {
            if (in != null) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                while (true) {
                    byte[] chunk = new byte[1024];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    bytes.write(chunk, 0, n);
                }
                sample = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            System.err.println("using the built-in sample: " + e);
        }
        SAMPLE = sample;
    }

    private NumericDemo() {
    }

    public static void main(String[] args) throws IOException {
        Deque<String> rest = new ArrayDeque<>(Arrays.asList(args));
        Map<String, String> options = new LinkedHashMap<>();
        while (!rest.isEmpty() && rest.peek().matches("--[a-z-]+=.*")) {
            String arg = rest.poll();
            int eq = arg.indexOf('=');
            options.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        List<String> files = new ArrayList<>(rest);
        for (String key : options.keySet()) {
            String value = options.get(key);
            System.out.println("option " + key + " = " + value);
        }
        if (options.containsKey("units")) {
            printUnits();
        }

        CsvMatrixParser parser = new CsvMatrixParser(true).percentColumn(2);
        List<String> gaps = new ArrayList<>();
        parser.addListener(new CsvMatrixParser.RowListener() {
            @Override
            public void onRow(int lineNumber, List<String> header, double[] values) {
                for (int c = 0; c < values.length; c++) {
                    if (Double.isNaN(values[c])) {
                        String column = header.get(c);
                        gaps.add(String.format("%s@%s", column, lineNumber));
                    }
                }
            }
        });

        List<Matrix> matrices = new ArrayList<>();
        if (files.isEmpty()) {
            matrices.add(parser.parse(SAMPLE));
        }
        for (String file : files) {
            try (InputStream in = new FileInputStream(file)) {
                matrices.add(parser.parse(in));
            } catch (DimensionMismatchException | NumberFormatException e) {
                String message = e.getMessage();
                System.err.println(String.format("skipping %s: %s", file, message));
            }
        }

        StringBuilder report = new StringBuilder();
        for (Matrix m : matrices) {
            ReportWriter writer = new ReportWriter(report, "demo");
            writer.beginSection(m, m.columnNames());
            writer.writeStatistics(ColumnStatistics.forMatrix(m), m.columnNames(), options.containsKey("transposed"));
        }
        System.out.print(report);
        System.out.println("gaps: " + gaps + ", warnings: " + parser.warnings());

        if (!matrices.isEmpty()) {
            Matrix first = matrices.get(0);
            String[] labels = first.columnNames().stream().map(String::trim).toArray(String[]::new);
            Set<String> seen = new HashSet<>();
            seen.addAll(first.columnNames());
            System.out.println(String.join(" | ", labels) + " (" + seen.size() + " distinct)");
        }
    }

    /** The --units help text; only main calls it. */
    private static void printUnits() {
        for (UnitRegistry.Unit unit : UnitRegistry.units()) {
            String symbol = unit.symbol();
            String dimension = unit.dimension();
            double factor = unit.factor();
            System.out.println(String.format("  %s  %s  x%s", symbol, dimension, factor));
        }
    }
}
