package com.acme.mqtt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import com.acme.mqtt.admin.AdminHttpEndpoint;
import com.acme.mqtt.broker.Broker;
import com.acme.mqtt.store.SessionStore;

/**
 * Starts the broker.
 *
 * <pre>
 * java com.acme.mqtt.BrokerMain [--config broker.conf | --config -] [--listen host:port[/tls]]... [--admin-port n]
 * </pre>
 */
public final class BrokerMain {

    /** Settings, from a {@code key = value} file; command line options are applied on a copy. */
    static final class BrokerConfig {
        String sessionDir = "data/sessions";
        int adminPort = 8081;
        int maxPacketSize = 1 << 20;
        boolean audit;
        List<String> listeners = new ArrayList<>();

        BrokerConfig() {
        }

        BrokerConfig(BrokerConfig other) {
            this.sessionDir = other.sessionDir;
            this.adminPort = other.adminPort;
            this.maxPacketSize = other.maxPacketSize;
            this.audit = other.audit;
            List<String> copy = new ArrayList<>();
            for (String listener : other.listeners) {
                copy.add(listener);
            }
            this.listeners = copy;
        }

        static BrokerConfig load(Path file) throws IOException {
            return parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        }

        static BrokerConfig parse(String text) {
            BrokerConfig config = new BrokerConfig();
            for (String raw : text.split("\n")) {
                String line = raw.trim();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] kv = line.split("\\s*=\\s*", 2);
                if (kv[0].equals("listen")) {
                    config.listeners.add(kv[1]);
                } else {
                    ConfigBinder.bind(config, kv[0], kv[1]);
                }
            }
            return config;
        }
    }

    /** Sets fields from their names spelled with dashes ({@code max-packet-size} sets {@code maxPacketSize}). */
    static final class ConfigBinder {
        private static final Map<Class<?>, Map<String, Field>> FIELDS = new ConcurrentHashMap<>();

        static void bind(Object target, String key, String value) {
            Field field = FIELDS.computeIfAbsent(target.getClass(), ConfigBinder::settableFields).get(key);
            if (field == null) {
                throw new IllegalArgumentException("unknown setting " + key + " (value " + value + ")");
            }
            try {
                if (field.getType() == int.class) {
                    field.setInt(target, Integer.parseInt(value));
                } else if (field.getType() == boolean.class) {
                    field.setBoolean(target, Boolean.parseBoolean(value));
                } else {
                    field.set(target, value);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        private static Map<String, Field> settableFields(Class<?> type) {
            Map<String, Field> byKey = new HashMap<>();
            for (Field f : type.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && f.getType() != List.class) {
                    StringBuilder key = new StringBuilder();
                    for (char c : f.getName().toCharArray()) {
                        if (Character.isUpperCase(c)) {
                            key.append('-').append(Character.toLowerCase(c));
                        } else {
                            key.append(c);
                        }
                    }
                    byKey.put(key.toString(), f);
                }
            }
            return byKey;
        }
    }

    private BrokerMain() {
    }

    public static void main(String[] args) throws IOException {
        BrokerConfig fileConfig = new BrokerConfig();
        List<String> extraListeners = new ArrayList<>();
        int adminPort = -1;
        for (int i = 0; i < args.length; i++) {
            if ("--config".equals(args[i]) && "-".equals(args[i + 1])) {
                byte[] text = System.in.readAllBytes();
                fileConfig = BrokerConfig.parse(new String(text, StandardCharsets.UTF_8));
                i++;
            } else if ("--config".equals(args[i])) {
                fileConfig = BrokerConfig.load(Paths.get(args[++i]));
            } else if ("--listen".equals(args[i])) {
                extraListeners.add(args[++i]);
            } else if ("--admin-port".equals(args[i])) {
                adminPort = Integer.parseInt(args[++i]);
            } else {
                System.err.println("unknown option " + args[i]);
                System.exit(2);
            }
        }

        BrokerConfig config = new BrokerConfig(fileConfig);
        config.listeners.addAll(extraListeners);
        if (config.listeners.isEmpty()) {
            config.listeners.add("0.0.0.0:1883");
        }
        if (adminPort >= 0) {
            config.adminPort = adminPort;
        }

        List<InetSocketAddress> addresses = new ArrayList<>(config.listeners.size());
        for (String spec : config.listeners) {
            int colon = spec.lastIndexOf(':');
            int slash = spec.indexOf('/', colon);
            int end = slash < 0 ? spec.length() : slash;
            int port = Integer.parseInt(spec.substring(colon + 1, end));
            addresses.add(new InetSocketAddress(spec.substring(0, colon), port));
        }

        SessionStore sessions = new SessionStore(Paths.get(config.sessionDir));
        Map<String, SessionStore.Session> stored = sessions.loadAll();
        long now = System.currentTimeMillis();
        int purged = 0;
        for (String clientId : stored.keySet()) {
            SessionStore.Session session = stored.get(clientId);
            if (session == null || session.expiresAt() < now) {
                sessions.delete(clientId);
                purged++;
            }
        }

        Broker broker = new Broker(sessions, config.maxPacketSize);
        if (config.audit) {
            Map<String, LongAdder> auditCounts = new ConcurrentHashMap<>();
            broker.addListener((clientId, topic, qos, payload, recipients) -> {
                String auditKey = String.format("%s -> %s", clientId, topic);
                auditCounts.computeIfAbsent(auditKey, k -> new LongAdder()).increment();
            });
        }

        AdminHttpEndpoint admin = new AdminHttpEndpoint(config.adminPort, new AdminHttpEndpoint.BrokerView() {
            @Override
            public List<String> clientIds() {
                Collection<String> connected = broker.clientIds();
                List<String> labels = new ArrayList<>();
                for (String id : connected) {
                    labels.add(id + " (" + broker.tree().filtersOf(id).size() + " filters)");
                }
                return labels;
            }

            @Override
            public Map<String, Long> counters() {
                return broker.counters();
            }

            @Override
            public List<String> filtersOf(String clientId) {
                return broker.tree().filtersOf(clientId);
            }

            @Override
            public List<String> retainedTopics() {
                return broker.retained().topics();
            }
        });

        ServerSocket[] servers;
        try {
            servers = addresses.stream().map(BrokerMain::bind).toArray(ServerSocket[]::new);
        } catch (UncheckedIOException e) {
            System.err.println("cannot listen: " + e.getCause().getMessage());
            System.exit(1);
            return;
        }
        for (ServerSocket server : servers) {
            Thread acceptor = new Thread(() -> broker.serve(server), "accept-" + server.getLocalPort());
            acceptor.start();
        }
        Thread adminThread = new Thread(admin, "admin-http");
        adminThread.setDaemon(true);
        adminThread.start();

        ScheduledExecutorService housekeeping = Executors.newSingleThreadScheduledExecutor();
        housekeeping.scheduleAtFixedRate(() -> broker.tick(System.currentTimeMillis()), 1, 1, TimeUnit.SECONDS);

        StringBuilder shown = new StringBuilder();
        for (InetSocketAddress a : addresses) {
            shown.append(shown.length() == 0 ? "" : ", ").append(a.getHostString()).append(':').append(a.getPort());
        }
        String joined = shown.toString();
        int adminAt = config.adminPort;
        System.out.println(String.format("mqtt broker listening on %s, admin on 127.0.0.1:%s", joined, adminAt));
        int configHash = Objects.hash(config.maxPacketSize, config.audit);
        System.out.println("config " + Integer.toHexString(configHash) + ", purged " + purged + " expired sessions");
    }

    private static ServerSocket bind(InetSocketAddress address) {
        try {
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(address, 512);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
