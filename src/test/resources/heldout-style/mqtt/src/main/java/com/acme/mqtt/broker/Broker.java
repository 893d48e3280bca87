package com.acme.mqtt.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

import com.acme.mqtt.codec.MqttPackets;
import com.acme.mqtt.codec.MqttPackets.ConnectPacket;
import com.acme.mqtt.codec.MqttPackets.FixedHeader;
import com.acme.mqtt.codec.MqttPackets.Packet;
import com.acme.mqtt.codec.MqttPackets.PublishPacket;
import com.acme.mqtt.codec.MqttPackets.SubscribePacket;
import com.acme.mqtt.codec.MqttPackets.TopicSubscription;
import com.acme.mqtt.codec.PacketDecoder;
import com.acme.mqtt.codec.PacketDecoder.MalformedPacketException;
import com.acme.mqtt.codec.PacketEncoder;
import com.acme.mqtt.store.RetainedStore;
import com.acme.mqtt.store.SessionStore;
import com.acme.mqtt.topic.SubscriptionTree;
import com.acme.mqtt.topic.SubscriptionTree.Subscriber;

/** The broker: accepts connections, routes messages between them and owns the shared stores. */
public final class Broker {

    /** Called for every message the broker accepts, after it has been routed (bridges, audit, metrics). */
    public interface PublishListener {
        void onPublish(String clientId, String topic, int qos, byte[] payload, Set<String> recipients);
    }

    /** Handles one packet type for one connection. */
    interface PacketHandler {
        void handle(ConnectionHandler connection, Packet packet) throws IOException;
    }

    private static final Map<Class<?>, PacketHandler> HANDLERS = new ConcurrentHashMap<>();

    private static PacketHandler handlerFor(Class<?> type) {
        if (type == PublishPacket.class) {
            return (c, p) -> c.onPublish((PublishPacket) p);
        }
        if (type == SubscribePacket.class) {
            return (c, p) -> c.onSubscribe((SubscribePacket) p);
        }
        if (type == ConnectPacket.class) {
            return (c, p) -> c.onConnect((ConnectPacket) p);
        }
        return (c, p) -> c.onSimple(p.type());
    }

    private final SubscriptionTree tree = new SubscriptionTree();
    private final RetainedStore retained = new RetainedStore();
    private final PacketEncoder encoder = new PacketEncoder();
    private final SessionStore sessions;
    private final int maxPacketSize;
    private final Map<String, ConnectionHandler> connections = new ConcurrentHashMap<>();
    private final List<PublishListener> listeners = new CopyOnWriteArrayList<>();
    private final Deque<String> recentErrors = new ArrayDeque<>();
    private final Map<String, LongAdder> counters;

    {
        List<String> names = Arrays.asList("connect", "publish", "deliver", "subscribe", "disconnect", "unrouted",
                "error");
        Map<String, LongAdder> byName = new HashMap<>();
        for (String name : names) {
            byName.put(name, new LongAdder());
        }
        counters = byName;
    }

    public Broker(SessionStore sessions, int maxPacketSize) {
        this.sessions = sessions;
        this.maxPacketSize = maxPacketSize;
    }

    public void addListener(PublishListener listener) {
        listeners.add(listener);
    }

    public SubscriptionTree tree() {
        return tree;
    }

    public RetainedStore retained() {
        return retained;
    }

    public Collection<String> clientIds() {
        return connections.keySet();
    }

    public Map<String, Long> counters() {
        Map<String, Long> snapshot = new HashMap<>();
        counters.forEach((name, adder) -> snapshot.put(name, adder.sum()));
        return snapshot;
    }

    void count(String name) {
        counters.get(name).increment();
    }

    synchronized void recordError(String message) {
        count("error");
        recentErrors.addLast(message);
        if (recentErrors.size() > 100) {
            recentErrors.removeFirst();
        }
    }

    /** Accept loop of one listener; one thread per connection. */
    public void serve(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread t = new Thread(new ConnectionHandler(socket), "mqtt-" + socket.getRemoteSocketAddress());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!server.isClosed()) {
                    recordError("accept failed: " + e);
                }
            }
        }
    }

    /** Housekeeping, run every second by the scheduler. */
    public void tick(long now) {
        retained.removeAll(retained.expiredTopics(now));
    }

    /** One client connection: reads, decodes and handles its packets on its own thread. */
    final class ConnectionHandler implements Runnable, PacketDecoder.PacketSink {
        private final Socket socket;
        private final String remote;
        private final PacketDecoder decoder = new PacketDecoder(maxPacketSize);
        private final Set<String> inflight = ConcurrentHashMap.newKeySet();
        private final Set<String> subscribedFilters = new HashSet<>();
        private final Set<TopicSubscription> granted = new HashSet<>();
        private OutputStream out;
        private String clientId;
        private boolean cleanStart = true;
        private long sessionExpiry;
        private volatile boolean closed;

        ConnectionHandler(Socket socket) {
            this.socket = socket;
            this.remote = String.valueOf(socket.getRemoteSocketAddress());
        }

        @Override
        public void run() {
            try (InputStream in = socket.getInputStream()) {
                out = socket.getOutputStream();
                while (!closed) {
                    byte[] chunk = new byte[8192];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    decoder.feed(chunk, 0, n, this);
                }
            } catch (MalformedPacketException e) {
                String reason = e.getMessage();
                String who = clientId != null ? clientId : remote;
                recordError("protocol error from " + who + ": " + reason);
            } catch (IOException e) {
                Set<String> lost = new HashSet<>();
                lost.addAll(inflight);
                recordError(clientId + " dropped with " + lost.size() + " unacknowledged messages: " + lost);
            } finally {
                close();
            }
        }

        @Override
        public void onPacket(FixedHeader header, Packet packet) throws IOException {
            HANDLERS.computeIfAbsent(packet.getClass(), Broker::handlerFor).handle(this, packet);
        }

        void onConnect(ConnectPacket connect) throws IOException {
            String id = connect.clientId();
            if (!id.matches("[0-9A-Za-z_-]{1,64}")) {
                send(encoder.encodeConnack(false, 0x85));
                closed = true;
                return;
            }
            clientId = id;
            cleanStart = connect.cleanStart();
            sessionExpiry = connect.sessionExpiry();
            ConnectionHandler previous = connections.put(id, this);
            if (previous != null) {
                previous.closed = true;
            }
            count("connect");
            SessionStore.Session stored = cleanStart ? null : sessions.load(id);
            if (stored != null) {
                Set<String> restored = new HashSet<>();
                restored.addAll(stored.filters());
                for (String filter : restored) {
                    tree.subscribe(id, new TopicSubscription(filter, 1, false));
                }
                subscribedFilters.addAll(restored);
            }
            send(encoder.encodeConnack(stored != null, 0));
        }

        void onPublish(PublishPacket p) throws IOException {
            String topic = p.topic();
            if (!SubscriptionTree.isValidTopicName(topic)) {
                throw new MalformedPacketException(String.format("invalid topic name %s from %s", topic, clientId));
            }
            count("publish");
            int qos = p.qos();
            int packetId = p.packetId();
            String key = null;
            if (qos > 0) {
                key = String.format("%s#%s", clientId, packetId);
                if (!inflight.add(key)) {
                    return; // a DUP resend of a message that is still being routed
                }
            }
            if (p.retain()) {
                retained.put(topic, p.payload(), qos, p.messageExpiry());
            }
            Set<Subscriber> matched = tree.match(topic);
            List<Subscriber> targets = tree.resolveShared(matched);
            Set<String> clients = targets.stream().map(Subscriber::clientId).collect(Collectors.toSet());
            for (Delivery d : planDeliveries(targets, qos)) {
                ConnectionHandler target = connections.get(d.clientId);
                if (target != null && !(d.noLocal && d.clientId.equals(clientId))) {
                    PublishPacket copy = new PublishPacket(p, d.qos, false);
                    target.send(encoder.encodePublish(copy, p.messageExpiry()));
                    count("deliver");
                }
            }
            if (clients.isEmpty()) {
                count("unrouted");
            }
            for (PublishListener listener : listeners) {
                listener.onPublish(clientId, topic, qos, p.payload(), clients);
            }
            if (key != null) {
                send(new byte[] {0x40, 2, (byte) (packetId >>> 8), (byte) packetId});
                inflight.remove(key);
            }
        }

        private List<Delivery> planDeliveries(List<Subscriber> targets, int publishedQos) {
            List<Delivery> deliveries = new ArrayList<>();
            for (Subscriber s : targets) {
                deliveries.add(new Delivery(s.clientId(), Math.min(s.qos(), publishedQos), s.noLocal()));
            }
            return deliveries;
        }

        void onSubscribe(SubscribePacket sp) throws IOException {
            List<TopicSubscription> subs = sp.subscriptions();
            String[] filters = subs.stream().map(TopicSubscription::filter).toArray(String[]::new);
            Map<String, Integer> qosByFilter = new HashMap<>(subs.size());
            for (TopicSubscription s : subs) {
                qosByFilter.put(s.filter(), s.qos());
            }
            byte[] codes = new byte[filters.length];
            for (int i = 0; i < filters.length; i++) {
                try {
                    SubscriptionTree.validateFilter(filters[i]);
                    if (granted.add(subs.get(i))) {
                        tree.subscribe(clientId, subs.get(i));
                    }
                    codes[i] = (byte) (int) qosByFilter.get(filters[i]);
                } catch (IllegalArgumentException e) {
                    codes[i] = (byte) 0x8F;
                    recordError(clientId + ": " + e.getMessage());
                }
            }
            count("subscribe");
            send(encoder.encodeSuback(sp.packetId(), codes));
            List<String> requested = Arrays.asList(filters);
            Set<String> fresh = requested.stream().collect(Collectors.toSet());
            fresh.removeAll(subscribedFilters);
            subscribedFilters.addAll(fresh);
            for (RetainedStore.Retained r : retained.forFilters(filters)) {
                PublishPacket replay = new PublishPacket(r.topic(), 0, true, 0, 0, r.payload(), new ArrayList<>());
                send(encoder.encodePublish(replay, 0));
            }
        }

        void onSimple(int type) throws IOException {
            if (type == MqttPackets.PINGREQ) {
                send(encoder.pingResp());
            } else if (type == MqttPackets.DISCONNECT) {
                closed = true;
            }
        }

        synchronized void send(byte[] frame) throws IOException {
            out.write(frame);
            out.flush();
        }

        private void close() {
            closed = true;
            if (clientId != null && connections.remove(clientId, this)) {
                count("disconnect");
                try {
                    if (cleanStart || sessionExpiry == 0) {
                        tree.removeClient(clientId);
                        sessions.delete(clientId);
                    } else {
                        long expiresAt = System.currentTimeMillis() + sessionExpiry * 1000L;
                        sessions.save(new SessionStore.Session(clientId, expiresAt, tree.filtersOf(clientId)));
                    }
                } catch (IOException e) {
                    recordError("could not persist session of " + clientId + ": " + e);
                }
            }
            try {
                socket.close();
            } catch (IOException ignored) {
                // already gone
            }
        }

        @Override
        public String toString() {
            return "Connection[" + clientId + " from " + remote + ", " + inflight.size() + " in flight]";
        }
    }

    private static final class Delivery {
        final String clientId;
        final int qos;
        final boolean noLocal;

        Delivery(String clientId, int qos, boolean noLocal) {
            this.clientId = clientId;
            this.qos = qos;
            this.noLocal = noLocal;
        }
    }
}
