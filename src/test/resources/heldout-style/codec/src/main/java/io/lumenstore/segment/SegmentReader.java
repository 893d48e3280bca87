package io.lumenstore.segment;

import io.lumenstore.codec.CorruptRecordException;
import io.lumenstore.codec.RecordDecoder;
import io.lumenstore.codec.RecordEncoder;
import io.lumenstore.codec.RecordHeader;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Reads sealed segment files: a run of records followed by a fixed-size footer.
 */
public final class SegmentReader {

    public static final int FOOTER_SIZE = 16;

    private static final int CHUNK = 64 * 1024;

    /** Shared compression dictionary shipped in the jar, loaded once. */
    private static final byte[] DICTIONARY;

    static {
        ByteArrayOutputStream dict = new ByteArrayOutputStream();
        try (InputStream in = SegmentReader.class.getResourceAsStream("/lumen/segment.dict")) {
            if (in != null) {
                while (true) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    dict.write(chunk, 0, n);
                }
            }
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e);
        }
        DICTIONARY = dict.toByteArray();
    }

    private final Path path;

    public SegmentReader(Path path) {
        this.path = path;
    }

    static byte[] dictionary() {
        return DICTIONARY;
    }

    /** Decodes every record of the segment; once per segment a scan touches. */
    public List<byte[]> readPayloads() throws IOException {
        byte[] data = Files.readAllBytes(path);
        int end = data.length - FOOTER_SIZE;
        List<byte[]> out = new ArrayList<>();
        int off = 0;
        while (off < end) {
            RecordHeader header = new RecordHeader(data, off);
            out.add(RecordDecoder.payload(data, off, end));
            off += RecordEncoder.HEADER_SIZE + header.length() + RecordEncoder.TRAILER_SIZE;
        }
        return out;
    }

    /** Text mode of the replication stream: one line per record, up to {@code limit} records. */
    public void describeTo(Writer w, int limit) throws IOException {
        byte[] data = Files.readAllBytes(path);
        int end = data.length - FOOTER_SIZE;
        int off = 0;
        for (int i = 0; i < limit && off < end; i++) {
            RecordHeader h = new RecordHeader(data, off);
            w.write(h.describe());
            w.write('\n');
            off += RecordEncoder.HEADER_SIZE + h.length() + RecordEncoder.TRAILER_SIZE;
        }
        w.flush();
    }

    /**
     * Sends the raw bytes of a segment to a replica while checksumming them.
     * Runs for every segment a replica fetches.
     */
    public static long copyChecked(InputStream in, OutputStream sink) throws IOException {
        CRC32 crc = new CRC32();
        boolean eof = false;
        while (!eof) {
            byte[] chunk = new byte[CHUNK];
            int n = in.read(chunk);
            if (n < 0) {
                eof = true;
            } else {
                crc.update(chunk, 0, n);
                sink.write(chunk, 0, n);
            }
        }
        return crc.getValue();
    }

    /** Splits a stream into frames; the network layer keeps each frame until the peer acks it. */
    public static List<byte[]> frames(InputStream in) throws IOException {
        List<byte[]> frames = new ArrayList<>();
        while (true) {
            byte[] frame = new byte[CHUNK];
            int n = in.readNBytes(frame, 0, CHUNK);
            if (n == 0) {
                break;
            }
            frames.add(n == CHUNK ? frame : Arrays.copyOf(frame, n));
        }
        return frames;
    }

    /** Copies a sealed segment into the archive; compaction calls this for every segment it seals. */
    public static long archive(Path segment, Path archiveDir) throws IOException {
        Path target = archiveDir.resolve(segment.getFileName());
        try (InputStream in = Files.newInputStream(segment);
             OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW)) {
            byte[] buffer = new byte[8192];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
                total += n;
            }
            return total;
        }
    }

    /** Stores a segment received from the leader; {@code from} is the replication socket's stream. */
    public static void receive(InputStream from, Path target) throws IOException {
        try (OutputStream out = new FileOutputStream(target.toFile())) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = from.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
    }

    /**
     * Checks every record of a segment. A corrupt segment is copied aside for
     * the post-mortem before recovery truncates it.
     */
    public static int verify(Path segment, Path quarantineDir) throws IOException {
        byte[] data = Files.readAllBytes(segment);
        int end = data.length - FOOTER_SIZE;
        int off = 0;
        int count = 0;
        try {
            while (off < end) {
                RecordDecoder.payload(data, off, end);
                off += RecordEncoder.HEADER_SIZE + RecordDecoder.readLength(data, off + 4) + RecordEncoder.TRAILER_SIZE;
                count++;
            }
        } catch (CorruptRecordException e) {
            Path copy = quarantineDir.resolve(segment.getFileName() + ".corrupt");
            try (InputStream in = new FileInputStream(segment.toFile());
                 OutputStream out = new FileOutputStream(copy.toFile())) {
                byte[] buf = new byte[8192];
                int r;
                while ((r = in.read(buf)) != -1) {
                    out.write(buf, 0, r);
                }
            }
            throw e;
        }
        return count;
    }

    /** lumen-dump: prints the records of a segment, or copies it with --copy-to=FILE. */
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: lumen-dump <segment.seg> [--copy-to=FILE] [--limit=N]");
            System.exit(2);
        }
        Path segment = Paths.get(args[0]);
        Path copyTo = null;
        int limit = Integer.MAX_VALUE;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            int eq = a.indexOf('=');
            if (a.startsWith("--limit=")) {
                limit = Integer.parseInt(a.substring(eq + 1, a.length()));
            } else if (a.startsWith("--copy-to=")) {
                copyTo = Paths.get(a.substring(eq + 1));
            }
        }
        if (copyTo != null) {
            try (InputStream in = Files.newInputStream(segment); OutputStream out = Files.newOutputStream(copyTo)) {
                byte[] buffer = new byte[CHUNK];
                int n;
                while ((n = in.read(buffer)) != -1) out.write(buffer, 0, n);
            }
            return;
        }
        new SegmentReader(segment).describeTo(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), limit);
    }
}
