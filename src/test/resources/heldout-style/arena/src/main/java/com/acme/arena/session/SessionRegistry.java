package com.acme.arena.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** Logged-in players keyed by player id, with the connection each one is on. */
public final class SessionRegistry {

    /** Names nobody may take: in chat they would look like messages from the server. */
    private static final Set<String> RESERVED = new HashSet<>(Arrays.asList("admin server system moderator".split("\\s+")));

    private static final long IDLE_TIMEOUT_MS = 30_000;

    /** Key of the activity table; one is built for every packet received. */
    public static final class SessionKey {
        private final long playerId;
        private final long connectionId;

        public SessionKey(long playerId, long connectionId) {
            this.playerId = playerId;
            this.connectionId = connectionId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SessionKey k && k.playerId == playerId && k.connectionId == connectionId;
        }

        @Override
        public int hashCode() {
            return Objects.hash(playerId, connectionId);
        }
    }

    public record Session(long playerId, long connectionId, String name, String region, long loginAt) {
    }

    public static final class LoginException extends Exception {
        private static final long serialVersionUID = 1L;

        public LoginException(String message) {
            super(message);
        }
    }

    private final Map<Long, Session> byPlayer = new ConcurrentHashMap<>();
    private final Map<Long, Long> playerByConnection = new ConcurrentHashMap<>();
    private final Map<SessionKey, Long> lastSeen = new ConcurrentHashMap<>();

    /** Per Join packet. The lobby service issues the token as {@code <playerId>@<region>}. */
    public Session login(long connectionId, String name, String token) throws LoginException {
        if (!name.matches("[A-Za-z0-9_]{3,16}#[0-9]{4}") || RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
            throw new LoginException("name rejected: " + name);
        }
        int at = token.indexOf('@');
        long playerId;
        try {
            playerId = Long.parseLong(token.substring(0, at));
        } catch (NumberFormatException malformed) {
            throw new LoginException(String.format("malformed lobby token for %s", name));
        }
        String region = token.substring(at + 1);
        Session session = new Session(playerId, connectionId, name, region, System.currentTimeMillis());
        byPlayer.put(playerId, session);
        playerByConnection.put(connectionId, playerId);
        lastSeen.put(new SessionKey(playerId, connectionId), session.loginAt());
        return session;
    }

    /** Per packet received: marks the session as active. */
    public void touch(long connectionId) {
        Long playerId = playerByConnection.get(connectionId);
        if (playerId != null) {
            lastSeen.put(new SessionKey(playerId, connectionId), System.currentTimeMillis());
        }
    }

    /** Per chat message: one line, single spaces. */
    public String sanitize(String text) {
        String collapsed = text.replaceAll("\\s+", " ");
        return collapsed.length() > 200 ? collapsed.substring(0, 200) : collapsed;
    }

    /** Per tick: drops the sessions that sent nothing for {@link #IDLE_TIMEOUT_MS}. */
    public List<Session> sweep(long now) {
        List<Session> dropped = new ArrayList<>();
        for (Iterator<Map.Entry<SessionKey, Long>> it = lastSeen.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<SessionKey, Long> entry = it.next();
            if (now - entry.getValue() > IDLE_TIMEOUT_MS) {
                it.remove();
                Session gone = byPlayer.remove(entry.getKey().playerId);
                if (gone != null) {
                    playerByConnection.remove(gone.connectionId());
                    dropped.add(gone);
                }
            }
        }
        return dropped;
    }

    public Session byConnection(long connectionId) {
        Long playerId = playerByConnection.get(connectionId);
        return playerId == null ? null : byPlayer.get(playerId);
    }

    public void logout(long connectionId) {
        Long playerId = playerByConnection.remove(connectionId);
        if (playerId != null) {
            byPlayer.remove(playerId);
            lastSeen.remove(new SessionKey(playerId, connectionId));
        }
    }

    public boolean kick(long playerId) {
        Session session = byPlayer.remove(playerId);
        if (session == null) {
            return false;
        }
        playerByConnection.remove(session.connectionId());
        lastSeen.remove(new SessionKey(playerId, session.connectionId()));
        return true;
    }

    public int count() {
        return byPlayer.size();
    }

    /** Sorted names of everyone online, for the "who" command and the lobby list. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        byPlayer.values().forEach(s -> names.add(s.name()));
        Collections.sort(names);
        return names;
    }

    /** Regions with at least one player online; the ops dashboard polls it every second. */
    public Set<String> regionsOnline() {
        Set<String> regions = byPlayer.values().stream().map(Session::region).collect(Collectors.toSet());
        return regions;
    }
}
