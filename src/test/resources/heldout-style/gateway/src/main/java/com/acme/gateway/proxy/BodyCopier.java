package com.acme.gateway.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Moves bodies between the client connection and the upstream. */
public final class BodyCopier {

    static final int CHUNK_SIZE = 16 * 1024;

    private BodyCopier() {
    }

    /**
     * Relays a response body chunk by chunk, flushing after each one so that server-sent events and long polls reach
     * the client as the upstream produces them. Returns the number of bytes relayed, for the access log.
     */
    public static long relay(InputStream in, OutputStream out) throws IOException {
        long total = 0;
        while (true) {
            byte[] chunk = new byte[CHUNK_SIZE];
            int n = in.read(chunk);
            if (n < 0) {
                return total;
            }
            out.write(chunk, 0, n);
            out.flush();
            total += n;
        }
    }

    /** The branded error page for {@code status}, read from the error page directory for each response. */
    public static byte[] errorPage(Path dir, int status) throws IOException {
        Path page = dir.resolve(status + ".html");
        if (Files.notExists(page)) {
            return ("<h1>" + status + "</h1>\n").getBytes(StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(page)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
        return out.toByteArray();
    }
}
