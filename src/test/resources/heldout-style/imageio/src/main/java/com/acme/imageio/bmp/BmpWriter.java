package com.acme.imageio.bmp;

import com.acme.imageio.detect.FormatRegistry;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes 32-bit BGRA or 8-bit grayscale BMP files (BITMAPINFOHEADER, bottom-up rows). The batch
 * tool keeps one writer for the whole run and calls {@link #write} once per thumbnail.
 */
@FormatRegistry.Codec("bmp")
public class BmpWriter {

    private static final long MAX_PIXELS = 1L << 28;
    private static final int[] GRAY_LEVELS = {0, 17, 34, 51, 68, 85, 102, 119, 136, 153, 170, 187, 204, 221, 238, 255};

    private final int[] palette;

    {
        List<Integer> levels = new ArrayList<>();
        for (int g : GRAY_LEVELS) {
            levels.add(0xFF000000 | g << 16 | g << 8 | g);
        }
        palette = levels.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Writes one image given as ARGB pixels, top row first. */
    public void write(int[] argb, int width, int height, OutputStream out) throws IOException {
        if ((long) width * height > MAX_PIXELS || argb.length != width * height) {
            throw new IllegalArgumentException(width + " x " + height + " image does not fit a BMP");
        }
        int rowBytes = width * 4;
        int imageSize = rowBytes * height;
        byte[] hdr = new byte[54];
        hdr[0] = 'B';
        hdr[1] = 'M';
        putLe32(hdr, 2, 54 + imageSize);
        putLe32(hdr, 10, 54);
        putLe32(hdr, 14, 40);
        putLe32(hdr, 18, width);
        putLe32(hdr, 22, height);
        hdr[26] = 1;
        hdr[28] = 32;
        putLe32(hdr, 34, imageSize);
        out.write(hdr);

        byte[] row = new byte[rowBytes];
        for (int y = height - 1; y >= 0; y--) {
            for (int x = 0; x < width; x++) {
                int p = argb[y * width + x];
                int o = x * 4;
                row[o] = (byte) p;
                row[o + 1] = (byte) (p >>> 8);
                row[o + 2] = (byte) (p >>> 16);
                row[o + 3] = (byte) (p >>> 24);
            }
            out.write(row);
        }
    }

    /** Maps a 0..1 level to the nearest entry of the 16-step gray palette. */
    public int gray(float level) {
        int i = Math.round(Math.max(0f, Math.min(1f, level)) * (palette.length - 1));
        return palette[i];
    }

    static void putLe32(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }
}
