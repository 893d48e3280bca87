package dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

public class Before {
    public static long copyFile(Path source, Path target) throws IOException {
        try (InputStream in = Files.newInputStream(source); OutputStream out = Files.newOutputStream(target)) {
            byte[] buffer = new byte[8192];
            long copied = 0;
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
                copied += n;
            }
            return copied;
        }
    }

    public static byte[] copyBytes(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length);
        try (InputStream in = new ByteArrayInputStream(data)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
        return out.toByteArray();
    }
}
