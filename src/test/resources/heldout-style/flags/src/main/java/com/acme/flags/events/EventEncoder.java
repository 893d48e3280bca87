package com.acme.flags.events;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

/**
 * Binary frames for exposure events, the format the collector and the spool files share:
 *
 * <pre>
 * frame  := length:int32 timestamp:int64 contextId:int64 variation:int8 n:int16 string{2n+2}
 * string := length:int16 utf8
 * </pre>
 *
 * The strings are the flag key, the value, then the n label names, then the n label values.
 */
public final class EventEncoder {

    /** "EXP1": first four bytes of a spool file. */
    static final int FILE_MAGIC = 0x45585031;

    /** Encodes one event; the tracker calls this for every event of every batch. */
    public byte[] encode(ExposureTracker.ExposureEvent e) {
        String[] table = Stream.concat(e.labels.keySet().stream(), e.labels.values().stream())
                .toArray(String[]::new);
        byte[][] strings = new byte[table.length + 2][];
        strings[0] = e.flagKey.getBytes(StandardCharsets.UTF_8);
        strings[1] = e.value.getBytes(StandardCharsets.UTF_8);
        int size = 4 + 8 + 8 + 1 + 2 + 2 * strings.length + strings[0].length + strings[1].length;
        for (int i = 0; i < table.length; i++) {
            strings[i + 2] = table[i].getBytes(StandardCharsets.UTF_8);
            size += strings[i + 2].length;
        }
        byte[] buf = new byte[size];
        int pos = 0;
        pos = putInt(buf, pos, size - 4);
        long ts = e.timestamp;
        buf[pos] = (byte) (ts >>> 56);
        buf[pos + 1] = (byte) (ts >>> 48);
        buf[pos + 2] = (byte) (ts >>> 40);
        buf[pos + 3] = (byte) (ts >>> 32);
        buf[pos + 4] = (byte) (ts >>> 24);
        buf[pos + 5] = (byte) (ts >>> 16);
        buf[pos + 6] = (byte) (ts >>> 8);
        buf[pos + 7] = (byte) ts;
        pos += 8;
        pos = putLong(buf, pos, e.contextId);
        buf[pos++] = (byte) e.variation;
        buf[pos++] = (byte) (table.length / 2 >>> 8);
        buf[pos++] = (byte) (table.length / 2);
        for (byte[] s : strings) {
            buf[pos++] = (byte) (s.length >>> 8);
            buf[pos++] = (byte) s.length;
            System.arraycopy(s, 0, buf, pos, s.length);
            pos += s.length;
        }
        return buf;
    }

    private static int putInt(byte[] b, int pos, int v) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            b[pos++] = (byte) (v >>> shift);
        }
        return pos;
    }

    private static int putLong(byte[] b, int pos, long v) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            b[pos++] = (byte) (v >>> shift);
        }
        return pos;
    }

    /** Frames of one batch, back to back. */
    static byte[] concat(List<byte[]> frames) {
        int total = 0;
        for (byte[] f : frames) {
            total += f.length;
        }
        byte[] out = new byte[total];
        int pos = 0;
        for (byte[] f : frames) {
            System.arraycopy(f, 0, out, pos, f.length);
            pos += f.length;
        }
        return out;
    }

    /** Header of a spool file; written only when the collector refused a batch. */
    void writeFileHeader(OutputStream out) throws IOException {
        byte[] h = new byte[8];
        h[0] = (byte) (FILE_MAGIC >>> 24);
        h[1] = (byte) (FILE_MAGIC >>> 16);
        h[2] = (byte) (FILE_MAGIC >>> 8);
        h[3] = (byte) FILE_MAGIC;
        h[7] = 1;
        out.write(h);
    }
}
