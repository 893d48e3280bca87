package com.acme.columnar;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Run-length encoding of repetition and definition levels.
 *
 * <p>{@link #writeInt(int)} is called once for every value written to a column (nulls included),
 * {@link #runLengths()} and {@link #toPage()} once for every data page.
 */
public final class RunLengthEncoder {

    static final class Run {
        final int value;
        final int length;

        Run(int value, int length) {
            this.value = value;
            this.length = length;
        }

        @Override
        public String toString() {
            return length + "x" + value;
        }
    }

    private final int bitWidth;
    private final List<Run> runs = new ArrayList<>();
    private int current = -1;
    private int count;

    public RunLengthEncoder(int maxLevel) {
        this.bitWidth = Math.max(1, 32 - Integer.numberOfLeadingZeros(maxLevel));
    }

    public void writeInt(int level) {
        assert level >= 0 && level < (1 << bitWidth) : String.format("level %s needs more than %s bits", level, bitWidth);
        if (level == current) {
            count++;
            return;
        }
        closeRun();
        current = level;
        count = 1;
    }

    private void closeRun() {
        if (count > 0) {
            runs.add(new Run(current, count));
            count = 0;
            current = -1;
        }
    }

    /** Run lengths for the page header's level histogram. */
    public List<Integer> runLengths() {
        closeRun();
        List<Integer> lengths = runs.stream().map(r -> r.length).collect(Collectors.toList());
        return lengths;
    }

    /** Encodes the pending runs as one page body and starts a new page. */
    public byte[] toPage() {
        closeRun();
        int n = runs.size();
        byte[] header = new byte[4];
        header[0] = (byte) n;
        header[1] = (byte) (n >>> 8);
        header[2] = (byte) (n >>> 16);
        header[3] = (byte) (n >>> 24);
        ByteArrayOutputStream out = new ByteArrayOutputStream(4 + n * 3);
        out.write(header, 0, header.length);
        for (Run run : runs) {
            writeVarInt(out, run.length);
            out.write(run.value);
        }
        runs.clear();
        return out.toByteArray();
    }

    private static void writeVarInt(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    static int readRunCount(byte[] page, int off) {
        return (page[off] & 0xFF) | (page[off + 1] & 0xFF) << 8 | (page[off + 2] & 0xFF) << 16 | (page[off + 3] & 0xFF) << 24;
    }

    /** Expands a page body back into one level per value; the reader calls this for every page. */
    static int[] decode(byte[] page, int expected) {
        int runCount = readRunCount(page, 0);
        int[] levels = new int[expected];
        int pos = 4;
        int filled = 0;
        for (int r = 0; r < runCount; r++) {
            int length = 0;
            int shift = 0;
            int b;
            do {
                b = page[pos++] & 0xFF;
                length |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            int value = page[pos++] & 0xFF;
            if (filled + length > expected) {
                throw new IllegalStateException("page holds more than " + expected + " levels");
            }
            for (int i = 0; i < length; i++) {
                levels[filled++] = value;
            }
        }
        return levels;
    }

    @Override
    public String toString() {
        int pending = runs.size();
        return String.format("rle(width=%s, runs=%s, open=%s)", bitWidth, pending, count);
    }
}
