package com.acme.flags.config;

import com.acme.flags.model.FlagDefinition;
import com.acme.flags.model.TargetingRule;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the flag file format served by the config service and checked in by teams:
 *
 * <pre>
 * #flags/2.1 env=production generated=1717000000 count=2
 * flag	checkout-v2	17	BOOLEAN	on	false,true	50000,50000	a1b2	key	0	country in DE;AT -> 1 | appVersion semver_ge 4.2.0 -> 1
 * flag	search-ranker	3	STRING	off	classic,ml	-	-	key	0	-
 * </pre>
 *
 * Fields of a record are separated by one tab; rules by {@code |}.
 */
public final class FlagFileParser implements Closeable {

    static final String HEADER_PREFIX = "#flags/";

    /** A flag file or record that does not follow the format. */
    public static final class FlagFormatException extends RuntimeException {
        public FlagFormatException(String message) {
            super(message);
        }
    }

    /** What the first line of a file says about it. */
    public static final class Header {
        public final int formatMajor;
        public final String environment;
        public final long generatedAt;
        public final int declaredCount;

        Header(int formatMajor, String environment, long generatedAt, int declaredCount) {
            this.formatMajor = formatMajor;
            this.environment = environment;
            this.generatedAt = generatedAt;
            this.declaredCount = declaredCount;
        }
    }

    private final BufferedReader reader;
    private final String source;
    private Header header;
    private int lineNo;

    public FlagFileParser(Reader reader, String source) {
        this.reader = reader instanceof BufferedReader ? (BufferedReader) reader : new BufferedReader(reader);
        this.source = source;
    }

    /** The next flag of the file, or null at its end. */
    public FlagDefinition next() throws IOException {
        if (header == null) {
            lineNo++;
            header = parseHeader(reader.readLine());
        }
        String line;
        do {
            line = reader.readLine();
            lineNo++;
        } while (line != null && (line.isEmpty() || line.startsWith("#")));
        return line == null ? null : parseRecord(line, lineNo);
    }

    public Header header() {
        return header;
    }

    /** Reads "#flags/2.1 env=production generated=1717000000 count=120", the first line of a file. */
    private Header parseHeader(String line) {
        if (line == null || !line.startsWith(HEADER_PREFIX)) {
            throw new FlagFormatException(source + ": first line must start with " + HEADER_PREFIX);
        }
        String[] fields = line.trim().split("\\s+");
        String first = fields[0];
        int dot = first.indexOf('.');
        int formatMajor = Integer.parseInt(first.substring(HEADER_PREFIX.length(), dot < 0 ? first.length() : dot));
        if (formatMajor != 2) {
            throw new FlagFormatException(
                    String.format("%s: flag file format %d is not supported, expected 2", source, formatMajor));
        }
        String[] pairs = Arrays.copyOfRange(fields, 1, fields.length);
        Map<String, String> attrs = new HashMap<>(pairs.length);
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            attrs.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return new Header(formatMajor, attrs.get("env"),
                Long.parseLong(attrs.getOrDefault("generated", "0")),
                Integer.parseInt(attrs.getOrDefault("count", "-1")));
    }

    /**
     * One flag record. The poller calls it for every record of a polled file and the streaming
     * connection for every patch message, one record per message.
     */
    public static FlagDefinition parseRecord(String line, int lineNo) {
        String[] f = line.split("\t");
        if (f.length != 11 || !"flag".equals(f[0])) {
            throw new FlagFormatException("line " + lineNo + ": not a flag record (" + f.length + " fields)");
        }
        String key = f[1];
        long version = Long.parseLong(f[2]);
        FlagDefinition.Kind kind = FlagDefinition.Kind.valueOf(f[3]);
        boolean on = "on".equals(f[4]);
        String[] variations = f[5].split(",");
        int[] weights = "-".equals(f[6]) ? new int[0] : parseWeights(f[6]);
        String salt = "-".equals(f[7]) ? key : f[7];
        int off = Integer.parseInt(f[9]);
        String[] specs = "-".equals(f[10]) ? new String[0] : f[10].split("\\s*\\|\\s*");
        List<TargetingRule> rules = new ArrayList<>();
        for (String spec : specs) {
            rules.add(TargetingRule.parse(key + "#" + rules.size(), spec));
        }
        return new FlagDefinition(key, version, kind, variations, rules, weights, salt, f[8], off, on);
    }

    /** "50000,30000,20000": thousandths of a percent per variation. */
    static int[] parseWeights(String s) {
        int count = 1;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == ',') {
                count++;
            }
        }
        int[] weights = new int[count];
        int start = 0;
        for (int i = 0; i < count; i++) {
            int end = s.indexOf(',', start);
            if (end < 0) {
                end = s.length();
            }
            weights[i] = Integer.parseInt(s.substring(start, end));
            start = end + 1;
        }
        return weights;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
