package com.acme.arena;

import com.acme.arena.admin.AdminConsole;
import com.acme.arena.match.Leaderboard;
import com.acme.arena.match.Matchmaker;
import com.acme.arena.net.Connection;
import com.acme.arena.net.Packet;
import com.acme.arena.net.PacketCodec;
import com.acme.arena.session.SessionRegistry;
import com.acme.arena.world.MapLoader;
import com.acme.arena.world.World;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** Composition root: loads the maps, wires the services, runs the tick loop and accepts players. */
public final class GameServer {

    static final String VERSION = "1.14.2";
    private static final int TICK_RATE = 60;
    private static final float DT = 1f / TICK_RATE;
    private static final int DEFAULT_RATING = 1200;

    private final MapLoader maps;
    private final World world;
    private final SessionRegistry sessions = new SessionRegistry();
    private final Matchmaker matchmaker;
    private final Leaderboard leaderboard = new Leaderboard("s7");
    private final AdminConsole console;
    private final PacketCodec codec = new PacketCodec();
    private final Map<Long, Connection> connections = new ConcurrentHashMap<>();
    private final AtomicLong connectionIds = new AtomicLong();
    private volatile boolean running = true;
    private volatile long tick;

    GameServer(MapLoader maps, String defaultMap, int worldSeed) {
        this.maps = maps;
        this.world = new World(defaultMap, worldSeed);
        this.matchmaker = new Matchmaker(maps, maps.names());
        this.console = new AdminConsole(sessions, matchmaker, leaderboard, () -> tick);
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7777;
        Path mapDir = Path.of(args.length > 1 ? args[1] : "maps");
        Path logFile = Path.of("arena.log");
        String version = VERSION;
        System.out.println(String.format("arena %s starting on port %s", version, port));
        try {
            MapLoader loader = new MapLoader(mapDir);
            Map<String, MapLoader.GameMap> loaded = loader.loadAll();
            String defaultMap = loaded.containsKey("dust") ? "dust" : loaded.keySet().iterator().next();
            int worldSeed = Objects.hash(defaultMap, port);
            String[] mapNames = loaded.values().stream().map(MapLoader.GameMap::name).toArray(String[]::new);
            System.out.println("maps ready: " + String.join(", ", mapNames));

            GameServer server = new GameServer(loader, defaultMap, worldSeed);
            ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
            ticker.scheduleAtFixedRate(server::frame, 0, 1000 / TICK_RATE, TimeUnit.MILLISECONDS);
            Thread admin = new Thread(() -> server.adminLoop(port + 1), "admin");
            admin.setDaemon(true);
            admin.start();
            server.acceptLoop(port);
        } catch (IOException | RuntimeException crash) {
            Path dump = Path.of("crash-" + System.currentTimeMillis() + ".log");
            try (InputStream in = Files.newInputStream(logFile);
                 OutputStream out = Files.newOutputStream(dump)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            throw crash;
        }
    }

    /** One simulation step; the scheduler runs it 60 times a second. */
    void frame() {
        tick++;
        world.tick(DT);
        for (String event : world.drainScoreEvents()) {
            leaderboard.onScoreEvent(event);
        }
        for (Matchmaker.Match match : matchmaker.poll()) {
            startMatch(match);
        }
        sessions.sweep(System.currentTimeMillis());
        byte[] state = encodeState(world.snapshot());
        for (Long connectionId : connections.keySet()) {
            Connection connection = connections.get(connectionId);
            connection.send(state);
        }
    }

    private void startMatch(Matchmaker.Match match) {
        List<String> players = match.players();
        List<MapLoader.Spawn> spawns = match.spawns();
        for (int i = 0; i < players.size(); i++) {
            MapLoader.Spawn spawn = spawns.get(i % spawns.size());
            world.spawn(new World.Avatar(world.nextId(), players.get(i), spawn.x(), spawn.y()));
        }
        String matchId = match.id();
        String mapName = match.map();
        broadcast(codec.encode(new Packet.Chat("system", String.format("match %s starting on %s", matchId, mapName))));
        String board = String.join(",", leaderboard.topNames(10));
        broadcast(codec.encode(new Packet.Chat("scoreboard", board)));
    }

    private static byte[] encodeState(List<World.Snapshot> snapshots) {
        ByteBuffer buf = ByteBuffer.allocate(4 + 12 * snapshots.size());
        buf.putInt(snapshots.size());
        for (World.Snapshot s : snapshots) {
            buf.putInt(s.id()).putFloat(s.x()).putFloat(s.y());
        }
        return buf.array();
    }

    private void broadcast(byte[] encoded) {
        for (Connection connection : connections.values()) {
            connection.send(encoded);
        }
    }

    void acceptLoop(int port) throws IOException {
        try (ServerSocket socket = new ServerSocket(port)) {
            while (running) {
                Socket client = socket.accept();
                long id = connectionIds.incrementAndGet();
                String remote = client.getInetAddress().getHostAddress() + ":" + client.getPort() + "/tcp";
                Connection connection = new Connection(id, remote, client.getInputStream(), client.getOutputStream(),
                        listenerFor(id));
                connections.put(id, connection);
                connection.greet();
                Thread reader = new Thread(connection::pump, "conn-" + id);
                reader.setDaemon(true);
                reader.start();
            }
        }
    }

    void adminLoop(int port) {
        try (ServerSocket socket = new ServerSocket(port);
             Socket operator = socket.accept();
             BufferedReader in = new BufferedReader(new InputStreamReader(operator.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(operator.getOutputStream(), true, StandardCharsets.UTF_8)) {
            out.println(console.banner());
            String line;
            while ((line = in.readLine()) != null) {
                out.println(console.execute(line));
            }
        } catch (IOException e) {
            System.err.println("admin console closed: " + e);
        }
    }

    private Connection.Listener listenerFor(long connectionId) {
        return new Connection.Listener() {
            @Override
            public void onFrame(Connection connection, byte[] frame, int length) {
                Packet packet;
                try {
                    packet = codec.decode(frame, 0, length);
                } catch (PacketCodec.ProtocolException e) {
                    String reason = e.getMessage();
                    console.audit(String.format("dropped a frame from connection %s: %s", connectionId, reason));
                    return;
                }
                sessions.touch(connectionId);
                if (packet instanceof Packet.Chat chat) {
                    SessionRegistry.Session from = sessions.byConnection(connectionId);
                    if (from == null) {
                        return;
                    }
                    String name = from.name();
                    String text = sessions.sanitize(chat.text());
                    String line = String.format("%s: %s", name, text);
                    broadcast(codec.encode(new Packet.Chat(chat.channel(), line)));
                } else if (packet instanceof Packet.Move move) {
                    world.move(move.entityId(), move.x(), move.y());
                } else if (packet instanceof Packet.Join join) {
                    onJoin(connectionId, connection, join);
                } else if (packet instanceof Packet.Ping ping) {
                    connection.send(codec.encode(new Packet.Ping(ping.sentAt())));
                }
            }

            @Override
            public void onClosed(Connection connection) {
                connections.remove(connectionId);
                sessions.logout(connectionId);
            }
        };
    }

    private void onJoin(long connectionId, Connection connection, Packet.Join join) {
        try {
            SessionRegistry.Session session = sessions.login(connectionId, join.name(), join.token());
            long now = System.currentTimeMillis();
            String name = session.name();
            String region = session.region();
            matchmaker.enqueue(new Matchmaker.Ticket(name, region, DEFAULT_RATING, now));
            connection.send(mapPayload(maps.fileOf(world.name())));
            String welcome = String.format("welcome %s, queued in %s", name, region);
            connection.send(codec.encode(new Packet.Chat("system", welcome)));
        } catch (SessionRegistry.LoginException | IOException e) {
            connection.close();
        }
    }

    /** The map file, sent to every player who joins so the client can render the arena. */
    private static byte[] mapPayload(Path mapFile) throws IOException {
        try (InputStream in = Files.newInputStream(mapFile)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        }
    }

    long tickCount() {
        return tick;
    }
}
