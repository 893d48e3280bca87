package com.example.micro;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/** In-memory sessions, keyed by the SID cookie. Sessions are immutable and swapped on change. */
public final class SessionStore {

    private static final Log LOG = Log.get(SessionStore.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ConcurrentMap<String, Session> sessions = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, AtomicInteger> contention = new ConcurrentHashMap<>();
    private final long ttlMillis;
    private long lastSweep;

    public SessionStore(long ttlMillis) {
        if (ttlMillis <= 0) {
            throw new IllegalArgumentException("session ttl must be positive, got " + ttlMillis + " ms");
        }
        this.ttlMillis = ttlMillis;
    }

    public static final class Session {
        final String id;
        final String user;
        final long created;
        final long lastSeen;
        final Set<String> roles;

        Session(String id, String user, Collection<String> roles, long created, long lastSeen) {
            this.id = id;
            this.user = user;
            this.created = created;
            this.lastSeen = lastSeen;
            Set<String> copy = new HashSet<>();
            copy.addAll(roles);
            this.roles = Collections.unmodifiableSet(copy);
        }

        Session touched(long now) {
            return new Session(id, user, roles, created, now);
        }

        Session withRoles(Collection<String> extra) {
            Set<String> merged = new HashSet<>(roles);
            merged.addAll(extra);
            return new Session(id, user, merged, created, lastSeen);
        }

        public String user() { return user; }

        public boolean hasRole(String role) { return roles.contains(role); }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Session)) return false;
            Session s = (Session) o;
            return id.equals(s.id) && user.equals(s.user) && created == s.created;
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, user, created);
        }

        @Override
        public String toString() {
            return "Session[" + id + " for " + user + ", " + roles.size() + " roles]";
        }
    }

    /** Thrown by {@link #swap} when another request changed the session first. */
    static final class StaleSessionException extends Exception {
        private static final long serialVersionUID = 1L;

        StaleSessionException(String id) {
            super(id, null, false, false);
        }
    }

    public Session create(String user, Collection<String> roles) {
        long now = System.currentTimeMillis();
        byte[] raw = new byte[18];
        RANDOM.nextBytes(raw);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        Session session = new Session(id, user, roles, now, now);
        sessions.put(id, session);
        return session;
    }

    /** Looks the session up and records the visit; called for every request that carries a SID. */
    public Session touch(String id) {
        long now = System.currentTimeMillis();
        maybeSweep(now);
        Session s = sessions.get(id);
        if (s == null || now - s.lastSeen > ttlMillis) {
            return null;
        }
        Session next = s.touched(now);
        sessions.replace(id, s, next);
        return next;
    }

    public Session grant(String id, Collection<String> extraRoles) {
        int attempts = 0;
        while (true) {
            Session current = sessions.get(id);
            if (current == null) {
                throw new IllegalStateException("no session " + id + " (after " + attempts + " attempts)");
            }
            try {
                return swap(current, current.withRoles(extraRoles));
            } catch (StaleSessionException lostRace) {
                // pages fire several XHRs per load and every one touches the session:
                // losing this race is routine, not an error
                attempts++;
                String user = current.user;
                contention.computeIfAbsent(String.format("%s/grant", user), k -> new AtomicInteger()).incrementAndGet();
            }
        }
    }

    private Session swap(Session current, Session next) throws StaleSessionException {
        if (!sessions.replace(current.id, current, next)) {
            throw new StaleSessionException(current.id);
        }
        return next;
    }

    /** Set-Cookie header value, sent with every response of a logged-in user. */
    public String cookie(Session session) {
        String id = session.id;
        long maxAge = ttlMillis / 1000;
        return String.format("SID=%s; Path=/; Max-Age=%s; HttpOnly; SameSite=Lax", id, maxAge);
    }

    /** At most once a minute, piggy-backed on a request: drops expired sessions. */
    private void maybeSweep(long now) {
        if (now - lastSweep < 60_000) {
            return;
        }
        lastSweep = now;
        int dropped = 0;
        for (String id : sessions.keySet()) {
            Session s = sessions.get(id);
            if (s != null && now - s.lastSeen > ttlMillis) {
                sessions.remove(id, s);
                dropped++;
            }
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("swept " + dropped + " sessions, " + sessions.size() + " left");
        }
    }

    Map<String, AtomicInteger> contention() {
        return contention;
    }
}
