package com.acme.chat;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The chat server: accepts connections, reads frames and wires the parser, the rate limiter, the
 * plugin hooks, the history store and the router together.
 *
 * <p>Frames are text lines; a MSG line is followed by its body:
 * <pre>
 * HELLO alice phone-1
 * JOIN general
 * MSG general 17 11
 * hello @bob!
 * HIST general 1700000000000
 * </pre>
 */
public final class ChatServer implements Closeable {

    private static final int RECENT_MESSAGES = 10_000;

    private final MessageParser parser = new MessageParser();
    private final PresenceTracker presence = new PresenceTracker(16);
    private final Map<String, Long> counters = new ConcurrentHashMap<>();
    private final RateLimiter limiter =
            new RateLimiter(RateLimiter.DEFAULT_PER_MINUTE, RateLimiter.DEFAULT_BURST, counters);
    private final Map<String, Connection> connections = new ConcurrentHashMap<>();
    private final Map<String, Queue<Message>> offline = new ConcurrentHashMap<>();
    private final Set<Integer> reportedErrors = ConcurrentHashMap.newKeySet();
    private final Set<Message> recentlySeen = Collections.synchronizedSet(Collections.newSetFromMap(
            new LinkedHashMap<Message, Boolean>() {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Message, Boolean> eldest) {
                    return size() > RECENT_MESSAGES;
                }
            }));
    private final SegmentStore store;
    private final PluginRegistry plugins;
    private final MessageRouter router;
    private volatile boolean running = true;
    private volatile String motd = "";

    ChatServer(Path dataDir, PluginRegistry plugins) {
        this.store = new SegmentStore(dataDir);
        this.plugins = plugins;
        this.router = new MessageRouter(presence, new ConnectionOutbox());
    }

    /** Called by a connection for every complete MSG frame it reads. */
    void onFrame(String sender, String deviceId, String room, long clientId, String raw, long now) {
        presence.touch(sender, deviceId, now);
        try {
            limiter.acquire(sender, "msg", now);
        } catch (RateLimiter.RateLimitedException e) {
            send(sender, "ERR " + e.getMessage() + " retry-after=" + e.retryAfterMs());
            return;
        }
        MessageParser.Parsed parsed = parser.parseOrPlain(raw);
        Message message = plugins.applyHooks(
                new Message(clientId, room, sender, parsed.html, now, Message.Kind.TEXT, parsed.headers));
        if (!recentlySeen.add(message)) {
            return; // the client resent it after a reconnect
        }
        try {
            store.append(message, encode(message));
        } catch (IOException e) {
            int errorHash = Objects.hash(sender, room);
            if (reportedErrors.add(errorHash)) {
                System.err.println("history write failed for " + sender + " in " + room + ": " + e);
            }
        }
        try {
            router.route(message, parsed.mentions);
        } catch (MessageRouter.RoutingException e) {
            send(sender, "ERR " + e.getMessage());
        }
    }

    /** Stored form of a message: its header fields, each followed by ';', a newline, the text. */
    static byte[] encode(Message message) {
        StringBuilder sb = new StringBuilder(64 + message.text().length());
        for (String field : message.wireHeaders()) {
            sb.append(String.format("%s;", field));
        }
        sb.append('\n').append(message.text());
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    void onJoin(String userId, String roomName) {
        MessageRouter.Room room = router.open(roomName);
        router.join(roomName, userId);
        String frame = "ROSTER " + roomName + " " + String.join(",", presence.roster(room));
        for (String member : room.members()) {
            send(member, frame);
        }
    }

    void onHistory(String userId, String room, long base) throws IOException {
        for (SegmentStore.Record record : store.history(room, base)) {
            String body = new String(record.payload(), StandardCharsets.UTF_8);
            send(userId, "HIST " + room + " " + record.sentAt() + " " + body.length() + "\n" + body);
        }
    }

    void send(String userId, String frame) {
        Connection connection = userId == null ? null : connections.get(userId);
        if (connection != null) {
            connection.write(frame);
        }
    }

    /** One client socket; {@link #serve} starts one per accepted connection. */
    final class Connection implements Runnable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private String userId;
        private String deviceId;

        Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.out = socket.getOutputStream();
        }

        @Override
        public void run() {
            try {
                while (running) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    pending.write(chunk, 0, n);
                    drainFrames();
                }
            } catch (IOException e) {
                System.err.println("connection of " + userId + " dropped: " + e);
            } finally {
                if (userId != null) {
                    connections.remove(userId, this);
                    presence.disconnect(userId, deviceId);
                }
                closeQuietly();
            }
        }

        private void drainFrames() throws IOException {
            byte[] buf = pending.toByteArray();
            int pos = 0;
            while (true) {
                int nl = indexOf(buf, pos, (byte) '\n');
                if (nl < 0) {
                    break;
                }
                String header = new String(buf, pos, nl - pos, StandardCharsets.US_ASCII);
                if (header.startsWith("MSG ")) {
                    int sp1 = header.indexOf(' ');
                    int sp2 = header.indexOf(' ', sp1 + 1);
                    int sp3 = header.lastIndexOf(' ');
                    String room = header.substring(sp1 + 1, sp2);
                    long clientId = Long.parseLong(header.substring(sp2 + 1, sp3));
                    int len = Integer.parseInt(header.substring(sp3 + 1, header.length()));
                    if (nl + 1 + len > buf.length) {
                        break; // body not complete yet
                    }
                    if (userId == null) {
                        write("ERR say HELLO first");
                    } else {
                        String text = new String(buf, nl + 1, len, StandardCharsets.UTF_8);
                        onFrame(userId, deviceId, room, clientId, text, System.currentTimeMillis());
                    }
                    pos = nl + 1 + len;
                    continue;
                }
                String[] parts = header.split(" ");
                switch (parts[0]) {
                    case "HELLO" -> {
                        userId = parts[1];
                        deviceId = parts[2];
                        connections.put(userId, this);
                        write("MOTD " + motd);
                    }
                    case "JOIN" -> onJoin(userId, parts[1]);
                    case "HIST" -> onHistory(userId, parts[1], Long.parseLong(parts[2]));
                    case "STATUS" -> presence.set(userId, parts[1]);
                    default -> write("ERR unknown frame " + parts[0]);
                }
                pos = nl + 1;
            }
            pending.reset();
            pending.write(buf, pos, buf.length - pos);
        }

        synchronized void write(String frame) {
            try {
                out.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                closeQuietly();
            }
        }

        private void closeQuietly() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
    }

    private final class ConnectionOutbox implements MessageRouter.Outbox {
        @Override
        public void deliver(MessageRouter.Envelope envelope) {
            Message m = envelope.message();
            send(envelope.userId(), "MSG " + envelope.topic() + " " + m.id() + " " + m.text().length() + "\n" + m.text());
        }

        @Override
        public void queueOffline(MessageRouter.Envelope envelope) {
            offline.computeIfAbsent(envelope.userId(), k -> new ConcurrentLinkedQueue<>()).add(envelope.message());
        }

        @Override
        public void receipt(String sender, long messageId, List<String> deliveredTo) {
            send(sender, "ACK " + messageId + " " + String.join(",", deliveredTo));
        }

        @Override
        public void typing(String room, List<String> users) {
            String frame = "TYPING " + room + " " + String.join(",", users);
            for (String member : router.open(room).members()) {
                send(member, frame);
            }
        }
    }

    private static int indexOf(byte[] buf, int from, byte b) {
        for (int i = from; i < buf.length; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    void serve(String host, int port) throws IOException {
        try (ServerSocket serverSocket = new ServerSocket()) {
            serverSocket.bind(new InetSocketAddress(host, port));
            while (running) {
                Socket client = serverSocket.accept();
                Thread thread = new Thread(new Connection(client), "conn-" + client.getRemoteSocketAddress());
                thread.setDaemon(true);
                thread.start();
            }
        }
    }

    @Override
    public void close() throws IOException {
        running = false;
        store.close();
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            String[] kv = arg.split("\\s*=\\s*");
            if (kv.length == 2) {
                options.put(kv[0], kv[1]);
            }
        }
        String listen = options.getOrDefault("--listen", "0.0.0.0:7070");
        int colon = listen.lastIndexOf(':');
        String host = listen.substring(0, colon);
        int port = Integer.parseInt(listen.substring(colon + 1, listen.length()));
        Path dataDir = Paths.get(options.getOrDefault("--data", "data"));
        Files.createDirectories(dataDir);

        List<String> pluginClasses = new ArrayList<>();
        for (String name : options.getOrDefault("--plugins", "").split(",")) {
            if (!name.isBlank()) {
                pluginClasses.add(name.trim());
            }
        }
        PluginRegistry plugins = PluginRegistry.discover(pluginClasses);
        ModerationFilter moderation = new ModerationFilter(20, Map.of("buy now", 15, "free money", 20));
        plugins.install(moderation);
        String[] pluginNames = plugins.plugins().stream().map(PluginRegistry.ChatPlugin::name).toArray(String[]::new);

        ChatServer server = new ChatServer(dataDir, plugins);
        Map<String, Long> counters = server.counters;
        server.router.addListener(message -> {
            String room = message.room();
            String kind = message.kind().name();
            counters.merge(String.format("messages.%s.%s", room, kind), 1L, Long::sum);
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (String counter : counters.keySet()) {
                System.out.println(counter + " = " + counters.get(counter));
            }
        }));

        Path motdFile = dataDir.resolve("motd.txt");
        if (Files.exists(motdFile)) {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (InputStream in = Files.newInputStream(motdFile)) {
                while (true) {
                    byte[] chunk = new byte[1024];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    text.write(chunk, 0, n);
                }
            }
            server.motd = text.toString(StandardCharsets.UTF_8).trim();
        }

        Thread console = new Thread(new AdminConsole(server.router, server.limiter, moderation, counters,
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out),
                "admin-console");
        console.setDaemon(true);
        console.start();

        String pluginList = String.join(", ", pluginNames);
        System.out.println(String.format("chat server listening on %s:%s, plugins: %s", host, port, pluginList));
        server.serve(host, port);
    }
}
