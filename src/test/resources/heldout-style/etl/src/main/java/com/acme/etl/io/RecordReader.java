package com.acme.etl.io;

import com.acme.etl.mapping.ColumnMapping;
import com.acme.etl.model.ImportRow;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;

/**
 * Reads the data lines of one delivered file and turns each into an {@link ImportRow} through the
 * feed's column mapping. Subclasses split a line into fields, in the mapping's slot order.
 */
public abstract class RecordReader implements Closeable {

    /** A line that cannot be turned into a row. The job quarantines the whole file. */
    public static class MalformedRecordException extends IOException {

        private static final long serialVersionUID = 1L;

        public MalformedRecordException(String message) {
            super(message);
        }

        public MalformedRecordException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    protected final BufferedReader in;
    protected final String fileName;
    protected final ColumnMapping mapping;
    private long lineNo;

    protected RecordReader(BufferedReader in, String fileName, ColumnMapping mapping) {
        this.in = in;
        this.fileName = fileName;
        this.mapping = mapping;
    }

    /** Opens a delivered file with the reader its feed format needs. */
    public static RecordReader open(Path file, ColumnMapping mapping) throws IOException {
        BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1);
        String fileName = String.valueOf(file.getFileName());
        if ("fixed".equals(mapping.format())) {
            return new FixedWidthRecordReader(in, fileName, mapping);
        }
        CsvRecordReader csv = new CsvRecordReader(in, fileName, mapping);
        csv.readHeader();
        return csv;
    }

    /** The next data row, or null at the end of the file. */
    public ImportRow next() throws IOException {
        String line;
        do {
            line = in.readLine();
            if (line == null) {
                return null;
            }
            lineNo++;
        } while (isSkippable(line) || handleControlRecord(line));
        try {
            String[] fields = parse(line);
            return new ImportRow(fileName, lineNo, mapping.apply(fields));
        } catch (NumberFormatException | DateTimeException e) {
            String detail = e.getMessage();
            throw new MalformedRecordException(String.format("%s line %s: %s", fileName, lineNo, detail), e);
        }
    }

    /** Blank lines, and the comment lines ('#', sometimes indented) some branch exports carry. */
    protected boolean isSkippable(String line) {
        return line.isEmpty() || line.matches("\\s*#.*");
    }

    /** Consumes header and trailer records; true when the line is one. */
    protected boolean handleControlRecord(String line) throws IOException {
        return false;
    }

    protected long lineNo() {
        return lineNo;
    }

    protected abstract String[] parse(String line) throws MalformedRecordException;

    @Override
    public void close() throws IOException {
        in.close();
    }
}
