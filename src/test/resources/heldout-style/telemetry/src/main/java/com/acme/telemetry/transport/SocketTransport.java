package com.acme.telemetry.transport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Small stand-in for the socket framework the service runs on. Each connection gets a reader
 * thread that calls {@link #drain}; complete frames are handed to the registered handlers.
 *
 * <p>Wire format: {@code type u8 ('B' binary, 'T' text), length u32 big-endian, payload}.
 */
public final class SocketTransport {

    /** Implemented by the services; the transport calls it once per received frame. */
    public interface FrameHandler {
        void onBinaryFrame(Connection conn, byte[] frame);

        void onTextFrame(Connection conn, String frame);

        default void onClose(Connection conn) {
        }
    }

    public static final class Connection {
        private final String id;
        private final String remoteAddress;
        private final OutputStream out;
        private volatile boolean closed;

        public Connection(String id, String remoteAddress, OutputStream out) {
            this.id = id;
            this.remoteAddress = remoteAddress;
            this.out = out;
        }

        public String id() {
            return id;
        }

        public String remoteAddress() {
            return remoteAddress;
        }

        public boolean isClosed() {
            return closed;
        }

        public void close() {
            closed = true;
        }

        public void send(byte[] data) {
            write(data, 0, data.length);
        }

        public void sendText(String text) {
            send(text.getBytes(StandardCharsets.UTF_8));
        }

        public void write(byte[] data, int off, int len) {
            if (closed) {
                return;
            }
            try {
                synchronized (out) {
                    out.write(data, off, len);
                    out.flush();
                }
            } catch (IOException e) {
                closed = true;
            }
        }
    }

    private static final int HEADER = 5;
    private static final int MAX_FRAME = 64 * 1024;

    private final String name;
    private final List<FrameHandler> handlers = new CopyOnWriteArrayList<>();

    public SocketTransport(String name) {
        this.name = name;
    }

    public void register(FrameHandler handler) {
        handlers.add(handler);
    }

    /** Body of a connection's reader thread: runs until the peer goes away. */
    public void drain(Connection conn, InputStream in) throws IOException {
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        try {
            while (!conn.isClosed()) {
                byte[] chunk = new byte[4096];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                pending.write(chunk, 0, n);
                byte[] rest = deliver(conn, pending.toByteArray());
                pending.reset();
                pending.write(rest, 0, rest.length);
            }
        } finally {
            for (FrameHandler handler : handlers) {
                handler.onClose(conn);
            }
        }
    }

    private byte[] deliver(Connection conn, byte[] buf) throws IOException {
        int p = 0;
        while (buf.length - p >= HEADER) {
            int type = buf[p];
            int h = p + 1;
            int len = (buf[h] & 0xFF) << 24 | (buf[h + 1] & 0xFF) << 16 | (buf[h + 2] & 0xFF) << 8 | (buf[h + 3] & 0xFF);
            if (len < 0 || len > MAX_FRAME) {
                String remote = conn.remoteAddress();
                conn.close();
                throw new IOException(String.format("%s: frame of %s bytes from %s exceeds %s", name, len, remote, MAX_FRAME));
            }
            if (buf.length - p - HEADER < len) {
                break;
            }
            byte[] frame = Arrays.copyOfRange(buf, p + HEADER, p + HEADER + len);
            for (FrameHandler handler : handlers) {
                if (type == 'T') {
                    handler.onTextFrame(conn, new String(frame, StandardCharsets.UTF_8));
                } else {
                    handler.onBinaryFrame(conn, frame);
                }
            }
            p += HEADER + len;
        }
        return Arrays.copyOfRange(buf, p, buf.length);
    }

    @Override
    public String toString() {
        return "SocketTransport[" + name + ", " + handlers.size() + " handlers]";
    }
}
