package dev.rewriteperf.benchmarks.buffers.hoistreadbufferoutofloop;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

public class Before {
    public static long checksum(byte[] data) throws IOException {
        CRC32 crc = new CRC32();
        try (InputStream in = new ByteArrayInputStream(data)) {
            for (;;) {
                byte[] buffer = new byte[8192];
                int n = in.read(buffer);
                if (n == -1) {
                    break;
                }
                crc.update(buffer, 0, n);
            }
        }
        return crc.getValue();
    }

    public static String text(byte[] data) throws IOException {
        StringBuilder text = new StringBuilder(data.length);
        try (Reader reader = new InputStreamReader(new ByteArrayInputStream(data), StandardCharsets.US_ASCII)) {
            while (true) {
                char[] chunk = new char[1024];
                int n = reader.read(chunk, 0, chunk.length);
                if (n < 0) {
                    break;
                }
                text.append(chunk, 0, n);
            }
        }
        return text.toString();
    }
}
