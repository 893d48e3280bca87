package com.acme.chat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Fans each message out to the members of its room. Rooms are created by the admin console or by
 * the first join; membership changes are rare next to the message rate.
 */
public class MessageRouter {

    public static final class RoutingException extends RuntimeException {
        public RoutingException(String message) {
            super(message);
        }
    }

    /** One copy of a message addressed to one user. */
    public record Envelope(String userId, Message message, String topic) {
    }

    /** Where envelopes go: the connection layer for online users, the offline queue otherwise. */
    public interface Outbox {
        void deliver(Envelope envelope);

        void queueOffline(Envelope envelope);

        void receipt(String sender, long messageId, List<String> deliveredTo);

        void typing(String room, List<String> users);
    }

    public static final class Room {
        private final String name;
        private final Set<String> members = ConcurrentHashMap.newKeySet();
        private final Set<String> banned = ConcurrentHashMap.newKeySet();
        private final Map<String, Long> typing = new ConcurrentHashMap<>();

        Room(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        public Set<String> members() {
            return members;
        }
    }

    /** What the fan-out of one message depends on. */
    private record RouteContext(Room room, Set<String> mentioned) {
    }

    static final long TYPING_TTL_MS = 5_000;

    private final Map<String, Room> rooms = new ConcurrentHashMap<>();
    private final Map<String, String> handles = new ConcurrentHashMap<>();
    private final List<Consumer<Message>> listeners = new CopyOnWriteArrayList<>();
    private final PresenceTracker presence;
    private final Outbox outbox;

    public MessageRouter(PresenceTracker presence, Outbox outbox) {
        this.presence = presence;
        this.outbox = outbox;
    }

    public void addListener(Consumer<Message> listener) {
        listeners.add(listener);
    }

    public Room open(String name) {
        return rooms.computeIfAbsent(name, Room::new);
    }

    public int roomCount() {
        return rooms.size();
    }

    public void registerHandle(String handle, String userId) {
        handles.put(handle, userId);
    }

    public void join(String roomName, String userId) {
        Room room = rooms.get(roomName);
        if (room == null) {
            throw noSuchRoom(roomName, userId);
        }
        if (room.banned.contains(userId)) {
            throw new RoutingException(userId + " is banned from " + roomName);
        }
        room.members.add(userId);
    }

    public void kick(String userId, String roomName) {
        Room room = rooms.get(roomName);
        if (room == null) {
            throw noSuchRoom(roomName, userId);
        }
        room.members.remove(userId);
        room.banned.add(userId);
    }

    /**
     * Routes one message to every other member of its room. Called by the server for every inbound
     * message once it has passed the rate limiter, the parser and the plugin hooks.
     *
     * @return the number of members it was delivered to right away
     */
    public int route(Message message, Collection<String> mentions) {
        RouteContext ctx = setUpContext(message, mentions);
        Room room = ctx.room();
        for (Consumer<Message> listener : listeners) {
            listener.accept(message);
        }
        if (message.kind() == Message.Kind.TYPING) {
            room.typing.put(message.sender(), message.sentAt());
            return 0;
        }

        Set<String> targets = new HashSet<>();
        targets.addAll(room.members);
        targets.remove(message.sender());

        String roomName = room.name;
        String sender = message.sender();
        String topic = String.format("room/%s/from/%s", roomName, sender);
        List<Envelope> batch = envelopes(targets, message, topic);

        // one presence snapshot per fan-out, so a status flip half-way cannot split the receipt
        Map<String, PresenceTracker.Status> statuses = new HashMap<>(batch.size());
        for (Envelope envelope : batch) {
            statuses.put(envelope.userId(), presence.statusOf(envelope.userId()));
        }

        List<Envelope> delivered = new ArrayList<>();
        for (Envelope envelope : batch) {
            PresenceTracker.Status status = statuses.get(envelope.userId());
            boolean mentioned = ctx.mentioned().contains(envelope.userId());
            if (status == PresenceTracker.Status.OFFLINE
                    || (status == PresenceTracker.Status.AWAY && !mentioned)) {
                outbox.queueOffline(envelope);
            } else {
                outbox.deliver(envelope);
                delivered.add(envelope);
            }
        }
        outbox.receipt(sender, message.id(), deliveredTo(delivered));
        List<String> typingNow = stillTyping(room.typing, message.sentAt());
        if (!typingNow.isEmpty()) {
            outbox.typing(roomName, typingNow);
        }
        return delivered.size();
    }

    private RouteContext setUpContext(Message message, Collection<String> mentions) {
        Room room = rooms.get(message.room());
        if (room == null) {
            throw noSuchRoom(message.room(), message.sender());
        }
        Set<String> mentioned = mentions.stream()
                .map(handle -> handles.getOrDefault(handle, handle))
                .collect(Collectors.toSet());
        return new RouteContext(room, mentioned);
    }

    private static List<Envelope> envelopes(Set<String> targets, Message message, String topic) {
        List<Envelope> batch = new ArrayList<>();
        for (String userId : targets) {
            batch.add(new Envelope(userId, message, topic));
        }
        return batch;
    }

    static List<String> deliveredTo(List<Envelope> delivered) {
        return delivered.stream().map(Envelope::userId).collect(Collectors.toList());
    }

    private static List<String> stillTyping(Map<String, Long> typingSince, long now) {
        List<String> typing = new ArrayList<>();
        for (String user : typingSince.keySet()) {
            Long since = typingSince.get(user);
            if (since != null && now - since < TYPING_TTL_MS) {
                typing.add(user);
            }
        }
        return typing;
    }

    private static RoutingException noSuchRoom(String roomName, String userId) {
        return new RoutingException(String.format("no room %s (requested by %s)", roomName, userId));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("MessageRouter[");
        for (String name : rooms.keySet()) {
            sb.append(name).append(':').append(rooms.get(name).members.size()).append(' ');
        }
        return sb.append(']').toString();
    }
}
