package com.acme.genome.index;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The {@code .gix} reference index: a big-endian header and entry table, then a little-endian bin table carried
 * over from the BAI files the first indexes were converted from.
 *
 * <pre>
 * header:  magic "GIX1" | version | layout hash | entry count        (4 x int32 BE)
 * entry:   name length (int32 BE) | name (ASCII) | offset (int64 BE) | length (int64 BE) | line bases (int32 BE)
 * bins:    bin count (int32 BE) | bin start (int32 LE) ...
 * </pre>
 */
public final class GenomeIndex {

    static final int MAGIC = 0x47495831;
    static final int VERSION = 2;
    static final int HEADER_BYTES = 16;
    static final int ENTRY_FIXED_BYTES = 24;

    /** Fingerprint of the layout, written into every header so that old readers reject new files. */
    static final int LAYOUT_HASH = Objects.hash("gix", VERSION, ENTRY_FIXED_BYTES);

    static final byte[] MAGIC_BYTES = new byte[4];

    static {
        int m = MAGIC;
        MAGIC_BYTES[0] = (byte) (m >>> 24);
        MAGIC_BYTES[1] = (byte) (m >>> 16);
        MAGIC_BYTES[2] = (byte) (m >>> 8);
        MAGIC_BYTES[3] = (byte) m;
    }

    /** One contig: where its bases start in the sequence file, how many there are, and the line width. */
    public record Entry(String name, long offset, long length, int lineBases) {
    }

    private final byte[] data;
    private final List<Entry> entries;
    private final int binCount;
    private final int binTable;

    /** Parses an index image; the reference server maps the index and parses it for every region request. */
    public GenomeIndex(byte[] data) throws IOException {
        if (data.length < HEADER_BYTES) {
            throw new IOException("index too short: " + data.length + " bytes");
        }
        if (!Arrays.equals(data, 0, 4, MAGIC_BYTES, 0, 4)) {
            throw new IOException("not a genome index, magic 0x" + Integer.toHexString(
                    (data[0] & 0xFF) << 24 | (data[1] & 0xFF) << 16 | (data[2] & 0xFF) << 8 | (data[3] & 0xFF)));
        }
        int version = readInt(data, 4);
        if (version != VERSION) {
            throw new IOException("unsupported index version " + version);
        }
        int count = readInt(data, 12);
        List<Entry> list = new ArrayList<>(count);
        int p = HEADER_BYTES;
        for (int i = 0; i < count; i++) {
            int nameLength = readInt(data, p);
            String name = new String(data, p + 4, nameLength, StandardCharsets.US_ASCII);
            p += 4 + nameLength;
            list.add(new Entry(name, readLong(data, p), readLong(data, p + 8), readInt(data, p + 16)));
            p += 20;
        }
        this.data = data;
        this.entries = List.copyOf(list);
        this.binCount = readInt(data, p);
        this.binTable = p + 4;
    }

    public List<Entry> entries() {
        return entries;
    }

    public Entry find(String contig) {
        for (Entry e : entries) {
            if (e.name().equals(contig)) {
                return e;
            }
        }
        return null;
    }

    /** Start offset of a bin; every region query reads the bins that overlap it. */
    public int binStart(int bin) {
        if (bin < 0 || bin >= binCount) {
            throw new IndexOutOfBoundsException("bin " + bin + " of " + binCount);
        }
        byte[] b = data;
        int p = binTable + bin * 4;
        return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
    }

    public int binCount() {
        return binCount;
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    static long readLong(byte[] b, int off) {
        return (b[off] & 0xFFL) << 56 | (b[off + 1] & 0xFFL) << 48 | (b[off + 2] & 0xFFL) << 40 | (b[off + 3] & 0xFFL) << 32
                | (b[off + 4] & 0xFFL) << 24 | (b[off + 5] & 0xFFL) << 16 | (b[off + 6] & 0xFFL) << 8 | (b[off + 7] & 0xFFL);
    }

    static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    /** Serialises an index; the indexing service calls this for every reference it is asked to index. */
    public static byte[] encode(List<Entry> entries, int[] bins) {
        int size = HEADER_BYTES + 4 + bins.length * 4;
        for (Entry e : entries) {
            size += ENTRY_FIXED_BYTES + e.name().length();
        }
        byte[] out = new byte[size];
        System.arraycopy(MAGIC_BYTES, 0, out, 0, 4);
        writeInt(out, 4, VERSION);
        writeInt(out, 8, LAYOUT_HASH);
        writeInt(out, 12, entries.size());
        int p = HEADER_BYTES;
        for (Entry e : entries) {
            byte[] name = e.name().getBytes(StandardCharsets.US_ASCII);
            writeInt(out, p, name.length);
            System.arraycopy(name, 0, out, p + 4, name.length);
            p += 4 + name.length;
            writeInt(out, p, (int) (e.offset() >>> 32));
            writeInt(out, p + 4, (int) e.offset());
            writeInt(out, p + 8, (int) (e.length() >>> 32));
            writeInt(out, p + 12, (int) e.length());
            writeInt(out, p + 16, e.lineBases());
            p += 20;
        }
        writeInt(out, p, bins.length);
        p += 4;
        for (int bin : bins) {
            for (int s = 0; s < 4; s++) {
                out[p++] = (byte) (bin >>> (8 * s));
            }
        }
        return out;
    }

    /** Debugging aid: {@code java com.acme.genome.index.GenomeIndex ref.gix} prints the entry table. */
    public static void main(String[] args) throws IOException {
        byte[] b = Files.readAllBytes(Path.of(args[0]));
        int storedLayout = (b[8] & 0xFF) << 24 | (b[9] & 0xFF) << 16 | (b[10] & 0xFF) << 8 | (b[11] & 0xFF);
        if (storedLayout != LAYOUT_HASH) {
            System.err.println("warning: layout hash " + storedLayout + ", this reader expects " + LAYOUT_HASH);
        }
        GenomeIndex index = new GenomeIndex(b);
        for (Entry e : index.entries) {
            String name = e.name();
            long offset = e.offset();
            long length = e.length();
            System.out.println(String.format("%s\t%s\t%s", name, offset, length));
        }
    }
}
