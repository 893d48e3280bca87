package com.acme.docconv.codec;

import com.acme.docconv.model.Row;
import com.acme.docconv.plugin.ConverterRegistry.ConversionException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes comma separated values, one line per row. A reader is created for each input file; the
 * header is read once per file, every other line is a row.
 */
public final class CsvCodec {

    private final String source;
    private String[] header = new String[0];
    private int lineNo;

    public CsvCodec(String source) {
        this.source = source;
    }

    /** The first line of every CSV file. */
    public void readHeader(String headerLine) {
        header = headerLine.trim().split("\\s*,\\s*");
        lineNo = 1;
    }

    public String[] header() {
        return header.clone();
    }

    public Row readRow(String line) {
        lineNo++;
        try {
            List<String> values = splitLine(line);
            return new Row(source, lineNo, zip(values));
        } catch (IllegalStateException e) {
            StringBuilder near = new StringBuilder();
            near.append(line.substring(0, Math.min(line.length(), 40)));
            String snippet = near.toString();
            throw new ConversionException(String.format("%s:%s: malformed CSV near '%s'", source, lineNo, snippet), e);
        }
    }

    private Map<String, String> zip(List<String> values) {
        Iterator<String> it = values.iterator();
        Map<String, String> cells = new LinkedHashMap<>();
        for (String name : header) {
            cells.put(name, it.hasNext() ? it.next() : "");
        }
        return cells;
    }

    List<String> splitLine(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                field.append(line.substring(start, i));
                start = i + 1;
                if (quoted && start < line.length() && line.charAt(start) == '"') {
                    field.append('"');
                    start++;
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (c == ',' && !quoted) {
                field.append(line.substring(start, i));
                out.add(field.toString());
                field.setLength(0);
                start = i + 1;
            }
        }
        if (quoted) {
            throw new IllegalStateException("unterminated quoted field");
        }
        field.append(line, start, line.length());
        out.add(field.toString());
        return out;
    }

    public static String writeHeader(List<String> columns) {
        return String.join(",", columns);
    }

    public static String writeRow(List<String> columns, Row row) {
        List<String> values = row.valuesFor(columns);
        String[] cells = values.stream().map(CsvCodec::quote).toArray(String[]::new);
        return String.join(",", cells);
    }

    static String quote(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0) {
            return value;
        }
        return '"' + value.replaceAll("\"", "\"\"") + '"';
    }
}
