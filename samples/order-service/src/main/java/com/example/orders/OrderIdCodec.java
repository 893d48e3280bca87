package com.example.orders;

/** Order ids travel as 8 big-endian bytes, followed by a 2-byte little-endian line count. */
public class OrderIdCodec {

    public static long readId(byte[] frame, int offset) {
        return ((long) frame[offset] << 56) |
               ((frame[offset + 1] & 0xFFL) << 48) |
               ((frame[offset + 2] & 0xFFL) << 40) |
               ((frame[offset + 3] & 0xFFL) << 32) |
               ((frame[offset + 4] & 0xFFL) << 24) |
               ((frame[offset + 5] & 0xFFL) << 16) |
               ((frame[offset + 6] & 0xFFL) << 8) |
               (frame[offset + 7] & 0xFFL);
    }

    public static void writeLineCount(byte[] frame, int offset, int lines) {
        frame[offset] = (byte) lines;
        frame[offset + 1] = (byte) (lines >>> 8);
    }
}
