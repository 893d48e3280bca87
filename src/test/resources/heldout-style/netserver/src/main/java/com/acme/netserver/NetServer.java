package com.acme.netserver;

import com.acme.netserver.MessageHandler.Message;
import com.acme.netserver.ProtocolException.UnknownCommandException;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A single-threaded, selector-driven server: {@link #start()} binds the port, {@link #run()}
 * loops on the selector until {@link #close()}, feeding each connection the bytes it reads.
 */
public final class NetServer implements Closeable {
    private static final Log LOG = Log.get(NetServer.class);
    private static final long SELECT_TIMEOUT_MS = 250;

    private final ServerOptions options;
    private final CommandRegistry registry;
    private final MetricsReporter metrics;
    private final ResponseFormatter formatter = new ResponseFormatter();
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final ByteBuffer readBuffer = ByteBuffer.allocate(64 * 1024);
    private volatile boolean running;
    private Selector selector;
    private ServerSocketChannel acceptor;

    public NetServer(ServerOptions options, CommandRegistry registry, MetricsReporter metrics) {
        this.options = options;
        this.registry = registry;
        this.metrics = metrics;
    }

    public MetricsReporter metrics() {
        return metrics;
    }

    public ResponseFormatter formatter() {
        return formatter;
    }

    public boolean isRunning() {
        return running;
    }

    /** Binds the port. Call once, then {@link #run()} on the thread that will own the loop. */
    public void start() throws IOException {
        selector = Selector.open();
        acceptor = ServerSocketChannel.open();
        acceptor.bind(new InetSocketAddress(options.host(), options.port()));
        acceptor.configureBlocking(false);
        acceptor.register(selector, SelectionKey.OP_ACCEPT);
        running = true;
        String host = options.host();
        int port = options.port();
        LOG.info(String.format("%s listening on %s:%s", ServerOptions.PROTOCOL_NAME, host, port));
    }

    /** The event loop. Returns after {@link #close()}. */
    public void run() {
        while (running) {
            try {
                selector.select(SELECT_TIMEOUT_MS);
            } catch (IOException e) {
                LOG.warn("select failed", e);
                continue;
            }
            Iterator<SelectionKey> it = selector.selectedKeys().iterator();
            while (it.hasNext()) {
                SelectionKey key = it.next();
                it.remove();
                try {
                    if (key.isAcceptable()) {
                        accept();
                    } else if (key.isReadable()) {
                        read(key);
                    }
                } catch (ProtocolException e) {
                    Connection conn = (Connection) key.attachment();
                    String remote = conn.remoteAddress();
                    int code = e.code();
                    LOG.warn(String.format("closing %s after protocol error %s", remote, code), e);
                    conn.close();
                } catch (IOException | CancelledKeyException e) {
                    Object attachment = key.attachment();
                    if (attachment instanceof Connection) {
                        ((Connection) attachment).close();
                    }
                }
            }
        }
        shutdownLoop();
    }

    private void accept() throws IOException {
        SocketChannel channel = acceptor.accept();
        if (channel == null) {
            return;
        }
        channel.configureBlocking(false);
        Connection conn = new Connection(this, options, channelSink(channel), String.valueOf(channel.getRemoteAddress()));
        connections.add(conn);
        channel.register(selector, SelectionKey.OP_READ, conn);
        metrics.connectionOpened();
    }

    private void read(SelectionKey key) throws IOException, ProtocolException {
        SocketChannel channel = (SocketChannel) key.channel();
        Connection conn = (Connection) key.attachment();
        readBuffer.clear();
        int n = channel.read(readBuffer);
        if (n < 0) {
            conn.close();
            return;
        }
        conn.onBytes(readBuffer.array(), 0, n);
    }

    /** Serves a socket accepted elsewhere (a TLS socket) on the calling thread until it closes. */
    public void serveBlocking(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        OutputStream out = socket.getOutputStream();
        Connection conn = new Connection(this, options, new Connection.Sink() {
            @Override
            public void write(byte[] bytes) throws IOException {
                out.write(bytes);
                out.flush();
            }

            @Override
            public void close() throws IOException {
                socket.close();
            }
        }, String.valueOf(socket.getRemoteSocketAddress()));
        connections.add(conn);
        metrics.connectionOpened();
        conn.serveBlocking(in);
    }

    /**
     * Runs the handler for one command line and formats its result. Called for every
     * message of every connection.
     */
    String dispatch(Connection conn, String line, Map<String, String> headers, byte[] body)
            throws ProtocolException {
        CommandRegistry.Parsed parsed = registry.parse(line);
        String name = parsed.name();
        if (!name.matches("[a-z][a-z0-9_-]*(:[a-z][a-z0-9_-]*)?(@[0-9]{1,3})?")) {
            throw new ProtocolException("malformed command name");
        }
        CommandRegistry.Route route = registry.route(parsed);
        if (route == null) {
            throw new UnknownCommandException(name);
        }
        String role = route.role();
        if (!conn.roles().contains(role)) {
            String user = conn.principal();
            throw new ProtocolException(403, String.format("%s needs role %s for %s", user, role, name));
        }
        if (LOG.isDebugEnabled()) {
            String remote = conn.remoteAddress();
            LOG.debug(String.format("%s %s (role %s)", remote, name, role));
        }
        Message message = new Message(name, parsed.args(), headers, body);
        long started = System.nanoTime();
        Object result;
        try {
            result = route.handler().onMessage(message, conn);
        } catch (ProtocolException e) {
            throw e;
        } catch (Exception e) {
            metrics.recordFailure(name);
            throw new ProtocolException(500, "handler failed: " + e.getMessage(), e);
        } finally {
            metrics.record(name, System.nanoTime() - started);
        }
        return formatter.format(name, 200, result);
    }

    void closed(Connection conn) {
        if (connections.remove(conn)) {
            metrics.connectionClosed();
        }
    }

    private static Connection.Sink channelSink(SocketChannel channel) {
        return new Connection.Sink() {
            @Override
            public void write(byte[] bytes) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    private void shutdownLoop() {
        for (Connection conn : new ArrayList<>(connections)) {
            conn.close();
        }
        try {
            selector.close();
            acceptor.close();
        } catch (IOException e) {
            LOG.warn("error closing the selector", e);
        }
    }

    @Override
    public void close() {
        running = false;
        if (selector != null) {
            selector.wakeup();
        }
    }

    /** The few logging calls the server makes; swap for SLF4J in an application. */
    static final class Log {
        private static final boolean DEBUG = Boolean.getBoolean("acme.netserver.debug");

        private final String name;

        private Log(String name) {
            this.name = name;
        }

        static Log get(Class<?> type) {
            return new Log(type.getSimpleName());
        }

        boolean isDebugEnabled() {
            return DEBUG;
        }

        void debug(String message) {
            if (DEBUG) {
                emit("DEBUG", message, null);
            }
        }

        void info(String message) {
            emit("INFO", message, null);
        }

        void warn(String message, Throwable error) {
            emit("WARN", message, error);
        }

        private void emit(String level, String message, Throwable error) {
            System.err.println(level + " [" + name + "] " + message);
            if (error != null) {
                error.printStackTrace();
            }
        }
    }
}
