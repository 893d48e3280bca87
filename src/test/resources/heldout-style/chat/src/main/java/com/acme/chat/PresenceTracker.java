package com.acme.chat;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who is online, away or gone. Every inbound frame touches the sender's session; a scheduler calls
 * {@link #sweep(long)} to mark idle users away.
 */
public class PresenceTracker {

    public enum Status { ONLINE, AWAY, OFFLINE }

    static final long AWAY_AFTER_MS = 5 * 60_000L;

    private static final Map<String, Status> BY_WIRE_NAME;

    static {
        List<Status> all = List.of(Status.values());
        Map<String, Status> byName = new HashMap<>(all.size());
        for (Status status : all) {
            byName.put(status.name().toLowerCase(Locale.ROOT), status);
        }
        BY_WIRE_NAME = byName;
    }

    /** One device's session; the key of the session map, looked up on every frame. */
    static final class SessionKey {
        private final String userId;
        private final String deviceId;
        private final int shard;

        SessionKey(String userId, String deviceId, int shard) {
            this.userId = userId;
            this.deviceId = deviceId;
            this.shard = shard;
        }

        String userId() {
            return userId;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof SessionKey)) {
                return false;
            }
            SessionKey k = (SessionKey) o;
            return shard == k.shard && userId.equals(k.userId) && deviceId.equals(k.deviceId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(userId, deviceId); // shard follows from deviceId
        }

        @Override
        public String toString() {
            return userId + "@" + deviceId + "/" + shard;
        }
    }

    private final Map<SessionKey, Long> lastSeen = new ConcurrentHashMap<>();
    private final Map<String, Status> status = new ConcurrentHashMap<>();
    private final int shards;

    public PresenceTracker(int shards) {
        this.shards = shards;
    }

    /** Called for every inbound frame of a connected device. */
    public void touch(String userId, String deviceId, long now) {
        int shard = Math.floorMod(deviceId.hashCode(), shards);
        lastSeen.put(new SessionKey(userId, deviceId, shard), now);
        status.put(userId, Status.ONLINE);
    }

    public void disconnect(String userId, String deviceId) {
        int shard = Math.floorMod(deviceId.hashCode(), shards);
        lastSeen.remove(new SessionKey(userId, deviceId, shard));
        boolean anyLeft = lastSeen.keySet().stream().anyMatch(k -> k.userId().equals(userId));
        if (!anyLeft) {
            status.put(userId, Status.OFFLINE);
        }
    }

    public void sweep(long now) {
        lastSeen.forEach((key, seen) -> {
            if (now - seen > AWAY_AFTER_MS) {
                status.replace(key.userId(), Status.ONLINE, Status.AWAY);
            }
        });
    }

    public Status statusOf(String userId) {
        return status.getOrDefault(userId, Status.OFFLINE);
    }

    /** A client sets its own status ("away", "online") with a STATUS frame. */
    public void set(String userId, String wireName) {
        Status s = BY_WIRE_NAME.get(wireName);
        if (s == null) {
            throw new IllegalArgumentException("unknown presence status " + wireName);
        }
        status.put(userId, s);
    }

    /**
     * The roster frame of a room: "user:status" per member. Sent to every member of the room on each
     * join, leave and status change in it.
     */
    public String[] roster(MessageRouter.Room room) {
        return room.members().stream().map(this::wireEntry).toArray(String[]::new);
    }

    private String wireEntry(String userId) {
        String state = statusOf(userId).name().toLowerCase(Locale.ROOT);
        return String.format("%s:%s", userId, state);
    }
}
