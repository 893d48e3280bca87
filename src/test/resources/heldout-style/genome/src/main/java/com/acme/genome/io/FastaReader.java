package com.acme.genome.io;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Streaming FASTA reader. Every consumer (the aligner's query loader, the reference cache on a miss, the CLI) pulls
 * records one at a time with {@link #next()}.
 */
public final class FastaReader implements Closeable {

    /** One record; contig, start and end are filled in for region headers such as {@code >chr1:100-200}. */
    public record FastaRecord(String name, String description, String contig, int start, int end, String sequence) {
    }

    private final BufferedReader in;
    private final String source;
    private final Set<String> seenNames = new HashSet<>();
    private String pendingHeader;
    private int lineNo;

    public FastaReader(BufferedReader in, String source) {
        this.in = in;
        this.source = source;
    }

    /** Returns the next record, or {@code null} at the end of the input. */
    public FastaRecord next() throws IOException {
        String header = pendingHeader != null ? pendingHeader : readLine();
        pendingHeader = null;
        if (header == null) {
            return null;
        }
        if (!header.startsWith(">")) {
            throw new IOException(source + ":" + lineNo + ": sequence data before the first '>' header");
        }
        StringBuilder seq = new StringBuilder(4096);
        String line;
        while ((line = readLine()) != null) {
            if (line.startsWith(">")) {
                pendingHeader = line;
                break;
            }
            seq.append(line.strip());
        }

        String[] fields = header.substring(1).strip().split("\\s+");
        String name = fields[0];
        String description = fields.length > 1 ? String.join(" ", List.of(fields).subList(1, fields.length)) : "";
        if (!seenNames.add(name)) {
            String msg = String.format("%s: duplicate record %s at line %s", source, name, lineNo);
            throw new IOException(msg);
        }

        String contig = name;
        int start = 0;
        int end = 0;
        int colon = name.lastIndexOf(':');
        int dash = colon < 0 ? -1 : name.indexOf('-', colon);
        if (colon > 0 && dash > colon + 1) {
            start = Integer.parseInt(name.substring(colon + 1, dash));
            String endText = name.substring(dash + 1);
            end = Integer.parseInt(endText);
            contig = name.substring(0, colon);
        }
        return new FastaRecord(name, description, contig, start, end, seq.toString());
    }

    /** Up to {@code max} records; the aligner loads its queries batch by batch. */
    public List<FastaRecord> nextBatch(int max) throws IOException {
        List<FastaRecord> batch = new ArrayList<>(max);
        FastaRecord r;
        while (batch.size() < max && (r = next()) != null) {
            batch.add(r);
        }
        return batch;
    }

    /** Names of a batch of records; the aligner sends them to the workers with every batch it schedules. */
    public static List<String> names(List<FastaRecord> batch) {
        List<String> names = new ArrayList<>();
        for (FastaRecord r : batch) {
            names.add(r.name());
        }
        return names;
    }

    private String readLine() throws IOException {
        try {
            String line = in.readLine();
            if (line != null) {
                lineNo++;
            }
            return line;
        } catch (CharacterCodingException e) {
            String where = source.replaceAll("[\\\\/]+", "/");
            throw new IOException("undecodable bytes in " + where + " after line " + lineNo, e);
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
