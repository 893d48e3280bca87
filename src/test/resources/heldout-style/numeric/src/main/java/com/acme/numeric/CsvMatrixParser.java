package com.acme.numeric;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Parses CSV text into a {@link Matrix}. An application configures one parser at start-up and reuses it for every
 * upload; listeners see each data row as soon as it is parsed.
 */
public class CsvMatrixParser {

    /** Called by the parser once per data row. */
    public interface RowListener {
        void onRow(int lineNumber, List<String> header, double[] values);
    }

    /** Cell coordinates: keys of the override map, hashed once for every cell parsed. */
    static final class CellKey {
        private final int line;
        private final int column;

        CellKey(int line, int column) {
            this.line = line;
            this.column = column;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof CellKey)) {
                return false;
            }
            CellKey k = (CellKey) o;
            return line == k.line && column == k.column;
        }

        @Override
        public int hashCode() {
            return Objects.hash(line, column);
        }
    }

    private static final String SEPARATOR = "\\s*[,;]\\s*";
    private static final List<String> DEFAULT_NULLS = Arrays.asList("NA", "N/A", "null", "-");

    private final boolean lenient;
    private final List<String> nullTokens =
            DEFAULT_NULLS.stream().map(t -> t.toLowerCase(Locale.ROOT)).collect(Collectors.toList());
    private final Set<Integer> percentColumns = new HashSet<>();
    private final Map<CellKey, String> overrides = new HashMap<>();
    private final List<RowListener> listeners = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    public CsvMatrixParser(boolean lenient) {
        this.lenient = lenient;
    }

    public CsvMatrixParser percentColumn(int column) {
        percentColumns.add(column);
        return this;
    }

    public CsvMatrixParser override(int line, int column, String value) {
        overrides.put(new CellKey(line, column), value);
        return this;
    }

    public CsvMatrixParser addListener(RowListener listener) {
        listeners.add(listener);
        return this;
    }

    public List<String> warnings() {
        return warnings;
    }

    public Matrix parse(InputStream in) throws IOException {
        return parse(new String(readFully(in), StandardCharsets.UTF_8));
    }

    static byte[] readFully(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            out.write(chunk, 0, n);
        }
        return out.toByteArray();
    }

    public Matrix parse(String text) {
        String[] lines = text.split("\\r?\\n");
        List<String> header = parseHeader(lines[0]);
        int width = header.size();
        double[] data = new double[(lines.length - 1) * width];
        int rows = 0;
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            if (line.matches("\\s*(#.*)?")) {
                continue;
            }
            double[] values = parseRow(i + 1, line, header);
            System.arraycopy(values, 0, data, rows * width, width);
            rows++;
            for (RowListener listener : listeners) {
                listener.onRow(i + 1, header, values);
            }
        }
        return new Matrix(rows, width, Arrays.copyOf(data, rows * width), header);
    }

    /** Header set-up for one document: column names without their units, in lower case. */
    List<String> parseHeader(String line) {
        String[] cells = line.split(SEPARATOR);
        List<String> names = new ArrayList<>();
        for (String cell : cells) {
            names.add(UnitRegistry.stripUnit(cell).toLowerCase(Locale.ROOT));
        }
        return names;
    }

    double[] parseRow(int lineNumber, String line, List<String> header) {
        String[] cells = line.split(SEPARATOR);
        if (cells.length != header.size()) {
            throw DimensionMismatchException.forRow(lineNumber, header, cells);
        }
        double[] values = new double[cells.length];
        for (int c = 0; c < cells.length; c++) {
            values[c] = parseCell(lineNumber, c, cells[c]);
        }
        return values;
    }

    double parseCell(int lineNumber, int column, String cell) {
        String override = overrides.get(new CellKey(lineNumber, column));
        String text = unquote(override != null ? override : cell);
        if (text.isEmpty() || nullTokens.contains(text.toLowerCase(Locale.ROOT))) {
            if (!lenient) {
                throw new NumberFormatException("line " + lineNumber + ", column " + column + ": missing value");
            }
            warnings.add(String.format("line %s, column %s: missing value read as NaN", lineNumber, column));
            return Double.NaN;
        }
        if (percentColumns.contains(column)) {
            return ConverterCache.forFormat("percent").convert(text);
        }
        try {
            if (text.matches(".*\\d\\s*[a-zA-Z]+")) {
                int unitStart = firstLetter(text);
                double value = Double.parseDouble(text.substring(0, unitStart).trim());
                return UnitRegistry.toBase(value, text.substring(unitStart));
            }
            return ConverterCache.converterFor(Double.class).convert(text);
        } catch (NumberFormatException e) {
            String shown = excerpt(text);
            throw new NumberFormatException(
                    String.format("line %s, column %s: not a number: %s", lineNumber, column, shown));
        }
    }

    /** Exact value of one cell, for money columns; the ledger import calls it for every cell it reads. */
    public BigDecimal parseExact(String cell) {
        return ConverterCache.converterFor(BigDecimal.class).convert(unquote(cell));
    }

    private static int firstLetter(String text) {
        int i = 0;
        while (i < text.length() && !Character.isLetter(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Removes the quotes around a quoted cell and undoubles the quotes inside it. */
    static String unquote(String cell) {
        int last = cell.length() - 1;
        if (last < 1 || cell.charAt(0) != '"' || cell.charAt(last) != '"') {
            return cell;
        }
        StringBuilder sb = new StringBuilder(last);
        sb.append(cell.substring(1, last));
        for (int i = sb.indexOf("\"\""); i >= 0; i = sb.indexOf("\"\"", i + 1)) {
            sb.deleteCharAt(i);
        }
        return sb.toString();
    }

    /** A short, single-line copy of a bad cell for an error message. */
    private static String excerpt(String text) {
        String flat = text.replaceAll("\\s+", " ");
        StringBuilder sb = new StringBuilder(24);
        sb.append(flat.substring(0, Math.min(flat.length(), 20)));
        if (flat.length() > 20) {
            sb.append("...");
        }
        return sb.toString();
    }
}
