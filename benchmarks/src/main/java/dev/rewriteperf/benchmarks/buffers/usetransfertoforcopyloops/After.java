package dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

public class After {
    public static long copyFile(Path source, Path target) throws IOException {
        try (InputStream in = Files.newInputStream(source); OutputStream out = Files.newOutputStream(target)) {
            long copied = in.transferTo(out);
            return copied;
        }
    }

    public static byte[] copyBytes(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length);
        try (InputStream in = new ByteArrayInputStream(data)) {
            in.transferTo(out);
        }
        return out.toByteArray();
    }
}
