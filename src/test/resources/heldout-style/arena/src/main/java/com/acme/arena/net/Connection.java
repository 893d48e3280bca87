package com.acme.arena.net;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * One client link, framed as {@code [length:4][frame]}. A reader thread per connection runs
 * {@link #pump()}; any thread may {@link #send(byte[])}.
 */
public final class Connection implements Closeable {

    /** Transport callback: invoked on the reader thread for every complete frame. */
    public interface Listener {
        void onFrame(Connection connection, byte[] frame, int length);

        default void onClosed(Connection connection) {
        }
    }

    private static final int MAX_FRAME = 64 * 1024;

    private final long id;
    private final String host;
    private final int port;
    private final InputStream in;
    private final OutputStream out;
    private final Listener listener;
    private final ByteArrayOutputStream inbox = new ByteArrayOutputStream();
    private volatile boolean open = true;

    /** Created by the accept loop for each client; {@code remoteAddress} looks like {@code 10.0.0.5:51234/tcp}. */
    public Connection(long id, String remoteAddress, InputStream in, OutputStream out, Listener listener) {
        this.id = id;
        int colon = remoteAddress.lastIndexOf(':');
        int slash = remoteAddress.indexOf('/', colon);
        int end = slash < 0 ? remoteAddress.length() : slash;
        this.host = remoteAddress.substring(0, colon);
        this.port = Integer.parseInt(remoteAddress.substring(colon + 1, end));
        this.in = in;
        this.out = out;
        this.listener = listener;
    }

    public long id() {
        return id;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** Sends the protocol handshake; the client answers with its own before the first frame. */
    public void greet() throws IOException {
        synchronized (this) {
            out.write(PacketCodec.HANDSHAKE);
            out.flush();
        }
    }

    /** Runs on the connection's reader thread until the peer goes away. */
    public void pump() {
        try {
            while (open) {
                byte[] chunk = new byte[4096];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                inbox.write(chunk, 0, n);
                drainFrames();
            }
        } catch (IOException e) {
            System.err.println("connection " + id + " from " + host + " dropped: " + e.getMessage());
        } finally {
            open = false;
            listener.onClosed(this);
        }
    }

    private void drainFrames() throws IOException {
        byte[] buf = inbox.toByteArray();
        int pos = 0;
        while (buf.length - pos >= 4) {
            int length = (buf[pos] & 0xFF) << 24 | (buf[pos + 1] & 0xFF) << 16
                    | (buf[pos + 2] & 0xFF) << 8 | (buf[pos + 3] & 0xFF);
            if (length > MAX_FRAME) {
                throw new PacketCodec.ProtocolException("frame of " + length + " bytes from " + host);
            }
            if (buf.length - pos - 4 < length) {
                break;
            }
            byte[] frame = Arrays.copyOfRange(buf, pos + 4, pos + 4 + length);
            listener.onFrame(this, frame, length);
            pos += 4 + length;
        }
        inbox.reset();
        inbox.write(buf, pos, buf.length - pos);
    }

    /** Frames and writes one encoded packet; returns false once the link is gone. */
    public synchronized boolean send(byte[] payload) {
        if (!open) {
            return false;
        }
        int length = payload.length;
        byte[] header = new byte[4];
        header[0] = (byte) (length >>> 24);
        header[1] = (byte) (length >>> 16);
        header[2] = (byte) (length >>> 8);
        header[3] = (byte) length;
        try {
            out.write(header);
            out.write(payload);
            out.flush();
            return true;
        } catch (IOException e) {
            open = false;
            return false;
        }
    }

    @Override
    public void close() {
        open = false;
        try {
            in.close();
        } catch (IOException ignored) {
            // the reader thread sees the closed stream and exits
        }
    }
}
