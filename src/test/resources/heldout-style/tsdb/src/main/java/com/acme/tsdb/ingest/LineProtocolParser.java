package com.acme.tsdb.ingest;

import com.acme.tsdb.TsdbException;
import com.acme.tsdb.logging.Log;
import com.acme.tsdb.model.Point;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Streaming parser for line protocol, one point per line:
 * <pre>
 * # version=2
 * # precision=ms
 * # db=metrics
 * cpu,host=web-1,region=eu-west usage_user=12.5,procs=211i 1700000000000
 * </pre>
 * The comment header is read once per file; {@link #next()} runs once per line. The HTTP write endpoint and the
 * bulk importer both feed request bodies and files through one parser each.
 */
public final class LineProtocolParser implements Closeable {

    private static final Log log = Log.get(LineProtocolParser.class);

    private final BufferedReader reader;
    private final IngestConfig config;
    private boolean headerRead;
    private String pending;
    private String database;
    private long precision = 1L;
    private int formatVersion = 1;
    private int lineNo;

    public LineProtocolParser(BufferedReader reader, IngestConfig config) {
        this.reader = reader;
        this.config = config;
    }

    /** Target database named by the header ({@code db.retention}); known once the first point was read. */
    public String database() {
        return database;
    }

    /** Reads up to {@code max} points; a repeated series and timestamp keeps the value written last. */
    public List<Point> readBatch(int max) throws IOException {
        Set<Point> batch = new LinkedHashSet<>();
        Point point;
        while (batch.size() < max && (point = next()) != null) {
            batch.remove(point);
            batch.add(point);
        }
        return new ArrayList<>(batch);
    }

    /** The next point of the input, or null at its end. */
    public Point next() throws IOException {
        if (!headerRead) {
            readHeader();
        }
        String line;
        do {
            if (pending != null) {
                line = pending;
                pending = null;
            } else {
                line = reader.readLine();
                lineNo++;
            }
            if (line == null) {
                return null;
            }
        } while (line.isBlank() || line.charAt(0) == '#');

        int lastSpace = line.lastIndexOf(' ');
        if (lastSpace < 0) {
            throw new TsdbException("line " + lineNo + ": no timestamp");
        }
        long timestamp = parseTimestamp(line, lastSpace + 1) * precision;
        String[] sections = line.substring(0, lastSpace).split("(?<!\\\\) ");
        if (sections.length != 2) {
            int found = sections.length + 1;
            throw new TsdbException(String.format(Locale.ROOT, "line %d: expected 3 sections, found %d", lineNo, found));
        }
        int comma = sections[0].indexOf(',');
        String measurement = comma < 0 ? sections[0] : sections[0].substring(0, comma);
        SortedMap<String, String> tags = comma < 0 ? new TreeMap<>() : parseTags(sections[0].substring(comma + 1));
        Map<String, Object> fields = parseFields(sections[1]);
        log.debug(String.format("%s: line %s is %s at %s", database, lineNo, measurement, timestamp));
        return new Point(measurement, tags, fields, timestamp);
    }

    /** Reads the leading comment lines: once per file, before its first point. */
    private void readHeader() throws IOException {
        headerRead = true;
        String db = config.defaultDatabase();
        String retention = "autogen";
        String line;
        while ((line = reader.readLine()) != null) {
            lineNo++;
            if (!line.startsWith("#")) {
                pending = line;
                break;
            }
            if (line.matches("#\\s*precision\\s*=\\s*(ns|us|ms|s)\\s*")) {
                precision = multiplier(line.substring(line.indexOf('=') + 1).trim());
            } else if (line.startsWith("# version=")) {
                formatVersion = Integer.parseInt(line.substring(10, line.length()));
            } else if (line.startsWith("# db=")) {
                db = line.substring(5).trim();
            } else if (line.startsWith("# rp=")) {
                retention = line.substring(5).trim();
            }
        }
        database = String.format("%s.%s", db, retention);
        log.info("reading " + database + " (format v" + formatVersion + ", precision x" + precision + ")");
    }

    private static long multiplier(String unit) {
        switch (unit) {
            case "ns":
                return 1L;
            case "us":
                return 1_000L;
            case "ms":
                return 1_000_000L;
            default:
                return 1_000_000_000L;
        }
    }

    private SortedMap<String, String> parseTags(String section) {
        SortedMap<String, String> tags = new TreeMap<>();
        for (String pair : section.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new TsdbException("line " + lineNo + ": tag without a value: " + pair);
            }
            tags.put(pair.substring(0, eq), unescape(pair.substring(eq + 1)));
        }
        return tags;
    }

    private Map<String, Object> parseFields(String section) {
        String[] pairs = section.split(",");
        Map<String, Object> fields = new HashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            fields.put(unescape(pair.substring(0, eq)), parseValue(pair.substring(eq + 1)));
        }
        return fields;
    }

    private static String unescape(String text) {
        return text.replaceAll("\\\\([,= ])", "$1");
    }

    private static Object parseValue(String raw) {
        if (raw.endsWith("i")) {
            return Long.parseLong(raw.substring(0, raw.length() - 1));
        }
        if (raw.startsWith("\"")) {
            return raw.substring(1, raw.length() - 1);
        }
        if (raw.equals("t") || raw.equals("true")) {
            return Boolean.TRUE;
        }
        if (raw.equals("f") || raw.equals("false")) {
            return Boolean.FALSE;
        }
        return Double.parseDouble(raw);
    }

    private long parseTimestamp(String line, int from) {
        try {
            return Long.parseLong(line.substring(from, line.length()));
        } catch (NumberFormatException e) {
            String raw = line.substring(from);
            throw new TsdbException(String.format("line %s: bad timestamp '%s'", lineNo, raw), e);
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
