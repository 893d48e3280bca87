package com.acme.etl.audit;

import com.acme.etl.db.BatchWriter;
import com.acme.etl.db.Db;
import com.acme.etl.model.ImportRow;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The audit trail internal audit and operations read: one tab-separated line per received file (with
 * its SHA-256), per committed batch, per written booking key and per rejected row. Registered as a
 * listener on every BatchWriter of the run.
 */
public final class AuditLog implements BatchWriter.Listener, Closeable {

    /** Record types, then what they mean; the first line of every audit file. */
    private static final String[] LEGEND;

    static {
        Map<String, String> types = new LinkedHashMap<>();
        types.put("FILE", "file received, with its SHA-256");
        types.put("BATCH", "batch committed");
        types.put("KEY", "booking written, by import key");
        types.put("REJECT", "row rejected, with the reason");
        types.put("FAIL", "batch or file failed");
        String[] legend = Stream.concat(types.keySet().stream(), types.values().stream()).toArray(String[]::new);
        LEGEND = legend;
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final Writer out;
    private final String runId;
    private final Map<String, String> tags;
    private long batches;
    private long rejects;

    public AuditLog(Writer out, String runId, Map<String, String> tags) {
        this.out = out;
        this.runId = runId;
        this.tags = new LinkedHashMap<>(tags);
        write("#" + String.join("\t", LEGEND));
    }

    /** Records a file the job is about to import, with its SHA-256. */
    public String fileReceived(Path file) throws IOException {
        MessageDigest sha = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            while (true) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                sha.update(chunk, 0, n);
            }
        }
        String hash = hex(sha.digest());
        write(runId + "\tFILE\t" + file.getFileName() + "\t" + hash);
        return hash;
    }

    @Override
    public void batchWritten(BatchWriter.BatchResult result) {
        String table = result.getTable();
        int batchNo = result.getBatchNo();
        int size = result.size();
        String header = String.format("%s\tBATCH\t%s\t%s\t%s", runId, table, batchNo, size);
        StringBuilder block = new StringBuilder(header).append(tagCells());
        for (String key : result.importKeys()) {
            block.append(String.format("%n%s\tKEY\t%s", runId, key));
        }
        write(block.toString());
        batches++;
    }

    @Override
    public void batchFailed(BatchWriter.BatchResult result, Db.DbException cause) {
        String table = result.getTable();
        int batchNo = result.getBatchNo();
        String state = cause.getSqlState();
        write(String.format("%s\tFAIL\t%s\t%s\t%s", runId, table, batchNo, state));
    }

    /** Records a row a check turned down. */
    public void rejected(ImportRow row, String reason) {
        String file = row.getSourceFile();
        long lineNo = row.getLineNo();
        String line = String.format("%s\tREJECT\t%s\t%s\t%s", runId, file, lineNo, reason);
        write(line + "\t" + String.join("\t", tagColumns(tags)));
        rejects++;
    }

    /** Records a file the job gave up on; the file itself goes to quarantine. */
    public void fileFailed(String fileName, String failureCode) {
        write(runId + "\tFAIL\t" + fileName + "\t" + failureCode);
    }

    /** Run tags as alternating name and value cells, appended to BATCH lines. */
    private String tagCells() {
        String[] cells = tags.entrySet().stream()
                .flatMap(t -> Stream.of(t.getKey(), t.getValue()))
                .toArray(String[]::new);
        return cells.length == 0 ? "" : "\t" + String.join("\t", cells);
    }

    /** Tag names, then tag values: the layout of the REJECT line's trailing cells (the reject loader's). */
    private static String[] tagColumns(Map<String, String> tags) {
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            names.add(tag.getKey());
            values.add(tag.getValue());
        }
        names.addAll(values);
        return names.toArray(new String[0]);
    }

    private void write(String line) {
        try {
            out.write(line);
            out.write(System.lineSeparator());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JRE", e);
        }
    }

    private static String hex(byte[] bytes) {
        char[] chars = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            chars[2 * i] = HEX[(bytes[i] >> 4) & 0xF];
            chars[2 * i + 1] = HEX[bytes[i] & 0xF];
        }
        return new String(chars);
    }

    @Override
    public void close() throws IOException {
        out.flush();
    }

    @Override
    public String toString() {
        return String.format("AuditLog[%s, %s batches, %s rejects]", runId, batches, rejects);
    }
}
