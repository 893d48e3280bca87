package com.acme.columnar;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Reads the pages of one column chunk.
 *
 * <p>The scan operator opens a reader for every projected column of every row group it scans and walks
 * its pages with {@link #iterator()}; nothing in here runs only once per process.
 */
public final class ColumnChunkReader implements Iterable<ColumnChunkReader.Page> {

    /** A chunk whose bytes end before its pages do. */
    public static final class CorruptChunkException extends IOException {
        private static final long serialVersionUID = 1L;

        CorruptChunkException(String column, Collection<Integer> completePages, Throwable cause) {
            super("column " + column + " is truncated; complete pages " + completePages, cause);
        }
    }

    /** One decoded data page. */
    public static final class Page {
        final int number;
        final Map<String, String> properties;
        final List<String> values;
        final Set<String> distinct;

        Page(int number, Map<String, String> properties, List<String> values) {
            this.number = number;
            this.properties = properties;
            this.values = values;
            Set<String> seen = new HashSet<>();
            seen.addAll(values);
            this.distinct = seen;
        }

        public List<String> values() {
            return values;
        }

        /** Join keys of the page; the case-insensitive hash join asks for them for every page it probes. */
        public String[] foldedValues() {
            return values.stream().map(v -> v.toLowerCase(Locale.ROOT)).toArray(String[]::new);
        }

        public boolean mayContain(String value) {
            return distinct.contains(value);
        }
    }

    private final String column;
    private final DataInputStream in;
    private final int pageCount;
    private final List<String> dictionary;
    private final List<Integer> pagesRead = new ArrayList<>();

    public ColumnChunkReader(String column, InputStream raw, int pageCount) throws IOException {
        this.column = column;
        this.in = new DataInputStream(raw);
        this.pageCount = pageCount;
        this.dictionary = readDictionary();
    }

    /** The dictionary page leads every chunk; entries are stored escaped. */
    private List<String> readDictionary() throws IOException {
        int count = in.readInt();
        String[] raw = new String[count];
        for (int i = 0; i < count; i++) {
            in.readInt();
            raw[i] = in.readUTF();
        }
        List<String> values = new ArrayList<>();
        for (String entry : raw) {
            values.add(unescape(entry));
        }
        return values;
    }

    private static String unescape(String entry) {
        return entry.indexOf('\\') < 0 ? entry : entry.replace("\\n", "\n").replace("\\\\", "\\");
    }

    private Page readPage(int number) throws IOException {
        byte[] header = new byte[8];
        in.readFully(header);
        int valueCount = (header[0] & 0xFF) << 24 | (header[1] & 0xFF) << 16 | (header[2] & 0xFF) << 8 | (header[3] & 0xFF);
        int propertyBytes = (header[4] & 0xFF) << 24 | (header[5] & 0xFF) << 16 | (header[6] & 0xFF) << 8 | (header[7] & 0xFF);
        byte[] text = new byte[propertyBytes];
        in.readFully(text);
        Map<String, String> properties = FooterCodec.parseProperties(new String(text, StandardCharsets.UTF_8));
        String encodingList = properties.getOrDefault("encodings", "RLE_DICTIONARY");
        for (String encoding : encodingList.split("\\s*[,;]\\s*")) {
            if (!"RLE_DICTIONARY".equals(encoding) && !"RLE".equals(encoding)) {
                throw new IOException("column " + column + ": unsupported encoding " + encoding);
            }
        }
        int[] ids = new int[valueCount];
        for (int i = 0; i < valueCount; i++) {
            ids[i] = in.readInt();
        }
        return new Page(number, properties, lookup(ids));
    }

    private List<String> lookup(int[] ids) {
        List<String> values = new ArrayList<>();
        for (int id : ids) {
            values.add(dictionary.get(id));
        }
        return values;
    }

    @Override
    public Iterator<Page> iterator() {
        return new PageIterator();
    }

    private final class PageIterator implements Iterator<Page> {
        private int next;

        @Override
        public boolean hasNext() {
            return next < pageCount;
        }

        @Override
        public Page next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            try {
                Page page = readPage(next);
                pagesRead.add(next++);
                return page;
            } catch (EOFException e) {
                Set<Integer> complete = new HashSet<>();
                complete.addAll(pagesRead);
                throw new UncheckedIOException(new CorruptChunkException(column, complete, e));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Copies a remote chunk into the local chunk cache before it is decoded; the scan does this for every
     * chunk that is not cached yet.
     */
    static long cacheLocally(InputStream source, OutputStream target, String column, long expected)
            throws IOException {
        long copied = 0;
        boolean eof = false;
        while (!eof) {
            byte[] chunk = new byte[8192];
            int n = source.read(chunk);
            if (n < 0) {
                eof = true;
            } else {
                target.write(chunk, 0, n);
                copied += n;
            }
        }
        if (copied != expected) {
            throw truncated(column, expected, copied);
        }
        return copied;
    }

    private static EOFException truncated(String column, long expected, long actual) {
        return new EOFException(String.format("column %s: expected %s bytes, got %s", column, expected, actual));
    }
}
