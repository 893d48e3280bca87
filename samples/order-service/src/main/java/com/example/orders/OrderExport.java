package com.example.orders;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/** Copies order exports between folders. */
public class OrderExport {

    /** Copies one export file and returns its size in bytes. */
    public static long archive(Path export, Path archive) throws IOException {
        try (InputStream in = Files.newInputStream(export); OutputStream out = Files.newOutputStream(archive)) {
            byte[] buffer = new byte[8192];
            long size = 0;
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
                size += n;
            }
            return size;
        }
    }

    /** Checksums an export, one chunk at a time. */
    public static long checksum(Path export) throws IOException {
        CRC32 crc = new CRC32();
        try (InputStream in = Files.newInputStream(export)) {
            while (true) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    return crc.getValue();
                }
                crc.update(chunk, 0, n);
            }
        }
    }

    /** Copies a stream that the caller owns: left alone, and listed with the reason. */
    public static void forward(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) != -1) {
            out.write(buffer, 0, n);
        }
    }
}
