package com.acme.netserver;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.acme.netserver.FrameCodec.Frame;
import com.acme.netserver.ProtocolException.AuthenticationException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One accepted client. The event loop creates one per accepted socket and feeds it the
 * bytes of every read; a connection goes HELLO, then AUTH, then READY.
 */
final class Connection implements MessageHandler.Context {
    private static final NetServer.Log LOG = NetServer.Log.get(Connection.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Client hello: magic (4), version (1), reserved (3), client nonce (8). */
    static final int HELLO_SIZE = 16;

    enum State { HELLO, AUTH, READY, CLOSED }

    /** Where the connection writes its frames: a socket channel or a stream. */
    interface Sink {
        void write(byte[] bytes) throws IOException;

        void close() throws IOException;
    }

    /** Bytes received and not yet decoded. */
    private static final class Inbox extends ByteArrayOutputStream {
        Inbox() {
            super(4096);
        }

        byte[] array() {
            return buf;
        }

        int length() {
            return count;
        }

        void discard(int consumed) {
            System.arraycopy(buf, consumed, buf, 0, count - consumed);
            count -= consumed;
        }
    }

    private final NetServer server;
    private final ServerOptions options;
    private final FrameCodec codec;
    private final Sink sink;
    private final String remote;
    private final Inbox inbox = new Inbox();
    private State state = State.HELLO;
    private String sessionId;
    private String principal;
    private Set<String> roles = Collections.emptySet();

    Connection(NetServer server, ServerOptions options, Sink sink, String remote) {
        this.server = server;
        this.options = options;
        this.codec = new FrameCodec(options.maxFrameBytes());
        this.sink = sink;
        this.remote = remote;
    }

    @Override
    public String remoteAddress() {
        return remote;
    }

    @Override
    public String principal() {
        return principal;
    }

    @Override
    public Set<String> roles() {
        return roles;
    }

    @Override
    public MetricsReporter metrics() {
        return server.metrics();
    }

    State state() {
        return state;
    }

    /** Called by the event loop with the bytes of each read. */
    void onBytes(byte[] data, int off, int n) throws IOException, ProtocolException {
        inbox.write(data, off, n);
        process();
    }

    private void process() throws IOException, ProtocolException {
        int p = 0;
        if (state == State.HELLO) {
            if (inbox.length() < HELLO_SIZE) {
                return;
            }
            sink.write(handshake(inbox.array(), 0));
            p = HELLO_SIZE;
        }
        while (state != State.CLOSED) {
            Frame frame = codec.decode(inbox.array(), p, inbox.length());
            if (frame == null) {
                break;
            }
            p += frame.wireLength();
            onFrame(frame);
        }
        if (state != State.CLOSED) {
            inbox.discard(p);
        }
    }

    /**
     * Checks the client hello and builds the server hello. Runs once per connection, for
     * every client that connects.
     */
    byte[] handshake(byte[] hello, int off) throws ProtocolException {
        if (!FrameCodec.hasMagic(hello, off)) {
            throw ProtocolException.badMagic(hello, off);
        }
        int clientVersion = hello[off + 4] & 0xFF;
        if (clientVersion > ServerOptions.PROTOCOL_VERSION) {
            throw new ProtocolException(426, "client speaks protocol version " + clientVersion);
        }
        long clientNonce = (hello[off + 8] & 0xFFL) << 56 | (hello[off + 9] & 0xFFL) << 48
                | (hello[off + 10] & 0xFFL) << 40 | (hello[off + 11] & 0xFFL) << 32
                | (hello[off + 12] & 0xFFL) << 24 | (hello[off + 13] & 0xFFL) << 16
                | (hello[off + 14] & 0xFFL) << 8 | (hello[off + 15] & 0xFFL);
        long serverNonce = RANDOM.nextLong();
        sessionId = Long.toHexString(clientNonce ^ serverNonce ^ ServerOptions.BUILD_SALT);

        String greeting = String.format("%s/%s session %s for %s", ServerOptions.PROTOCOL_NAME,
                clientVersion, sessionId, remote);
        Map<String, String> caps = options.capabilities();
        caps.put("greeting", greeting);
        // names first, then values: version 1 clients read the names and stop at the first blank
        String[] announced = Stream.concat(caps.keySet().stream(), caps.values().stream())
                .toArray(String[]::new);
        byte[] text = String.join("\n", announced).getBytes(UTF_8);

        byte[] body = new byte[8 + text.length];
        body[0] = (byte) (serverNonce >>> 56);
        body[1] = (byte) (serverNonce >>> 48);
        body[2] = (byte) (serverNonce >>> 40);
        body[3] = (byte) (serverNonce >>> 32);
        body[4] = (byte) (serverNonce >>> 24);
        body[5] = (byte) (serverNonce >>> 16);
        body[6] = (byte) (serverNonce >>> 8);
        body[7] = (byte) serverNonce;
        System.arraycopy(text, 0, body, 8, text.length);

        state = State.AUTH;
        return codec.encode(new Frame(FrameCodec.TYPE_RESPONSE, (byte) 0, System.currentTimeMillis(),
                Collections.emptyMap(), body));
    }

    /** {@code AUTH <user>:<expiry>.<signature>}: the first command of every connection. */
    void authenticate(String line) throws ProtocolException {
        String[] words = line.trim().split("\\s+");
        if (words.length != 2 || !words[0].equals("AUTH")) {
            throw new AuthenticationException(remote, "expected AUTH <user>:<expiry>.<signature>");
        }
        String token = words[1];
        int colon = token.indexOf(':');
        int dot = token.indexOf('.', colon + 1);
        if (colon <= 0 || dot < 0) {
            throw new AuthenticationException(remote, "malformed token");
        }
        String user = token.substring(0, colon);
        long expires;
        try {
            expires = Long.parseLong(token.substring(colon + 1, dot));
        } catch (NumberFormatException notANumber) {
            throw new AuthenticationException(user, "malformed expiry");
        }
        if (expires * 1000L < System.currentTimeMillis()) {
            throw new AuthenticationException(user, "token expired");
        }
        String expected = Integer.toHexString((user + ':' + expires + options.tokenSecret()).hashCode());
        if (!options.knowsUser(user) || !expected.equals(token.substring(dot + 1))) {
            throw new AuthenticationException(user, "bad signature");
        }

        Set<String> granted = new HashSet<>();
        granted.addAll(options.rolesFor(user));
        granted.add("user");
        Set<String> normalized = granted.stream().map(r -> r.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        this.roles = Collections.unmodifiableSet(normalized);
        this.principal = user;
        this.state = State.READY;
    }

    private void onFrame(Frame frame) throws IOException, ProtocolException {
        switch (frame.type()) {
            case FrameCodec.TYPE_PING:
                sink.write(codec.encode(new Frame(FrameCodec.TYPE_RESPONSE, frame.flags(),
                        System.currentTimeMillis(), Collections.emptyMap(), frame.body())));
                return;
            case FrameCodec.TYPE_CLOSE:
                close();
                return;
            case FrameCodec.TYPE_COMMAND:
                break;
            default:
                throw new ProtocolException("clients may not send frames of type " + frame.type());
        }
        String line = new String(frame.body(), UTF_8);
        String reply;
        boolean fatal = false;
        try {
            if (state == State.AUTH) {
                authenticate(line);
                reply = server.formatter().ok("AUTH", sessionId);
            } else {
                reply = server.dispatch(this, line, frame.headers(), frame.body());
            }
        } catch (ProtocolException e) {
            int code = e.code();
            String reason = e.getMessage();
            reply = String.format("ERR %s %s\r\n", code, reason);
            fatal = e.isFatal() || state == State.AUTH;
        }
        sink.write(codec.encode(new Frame(FrameCodec.TYPE_RESPONSE, (byte) 0, System.currentTimeMillis(),
                Collections.emptyMap(), reply.getBytes(UTF_8))));
        if (fatal) {
            close();
        }
    }

    /** Thread-per-connection mode, for TLS sockets, which cannot be registered with a selector. */
    void serveBlocking(InputStream in) {
        try {
            while (state != State.CLOSED) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                inbox.write(chunk, 0, n);
                process();
            }
        } catch (IOException | ProtocolException e) {
            LOG.warn("dropping " + remote, e);
        } finally {
            close();
        }
    }

    void close() {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CLOSED;
        try {
            sink.close();
        } catch (IOException e) {
            LOG.warn("close failed for " + remote, e);
        }
        server.closed(this);
    }
}
