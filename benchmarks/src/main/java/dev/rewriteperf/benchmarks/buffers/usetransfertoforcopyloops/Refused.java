package dev.rewriteperf.benchmarks.buffers.usetransfertoforcopyloops;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * Why the recipe leaves copy loops over other streams alone: for a stream whose {@code transferTo} is the
 * JDK's generic loop, {@link #gunzipTransferTo} is what the rewrite would give. The recipe leaves this class as it is.
 */
public class Refused {
    public static byte[] gunzipLoop(byte[] compressed, int size) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
        return out.toByteArray();
    }

    public static byte[] gunzipTransferTo(byte[] compressed, int size) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            in.transferTo(out);
        }
        return out.toByteArray();
    }
}
