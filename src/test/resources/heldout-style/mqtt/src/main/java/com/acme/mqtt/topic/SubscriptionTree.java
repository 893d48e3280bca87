package com.acme.mqtt.topic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import com.acme.mqtt.codec.MqttPackets.TopicSubscription;

/**
 * Topic filters by level: {@code a/+/c} is stored under a, +, c. {@link #match} walks it once per PUBLISH, following
 * the literal level, {@code +} and {@code #} at each step.
 */
public final class SubscriptionTree {

    /** Topic roots a client may not publish to and that {@code #} and {@code +} do not match at the first level. */
    static final List<String> RESERVED_PREFIXES;

    static {
        List<String> roots = Arrays.asList("$SYS", "$share", "$queue");
        RESERVED_PREFIXES = roots.stream().map(root -> root + "/").collect(Collectors.toList());
    }

    /** One client's subscription at a node. Kept in hash sets, looked up per PUBLISH. */
    public static final class Subscriber {
        private final String clientId;
        private final String filter;
        private final int qos;
        private final boolean noLocal;
        private final String shareGroup;

        Subscriber(String clientId, String filter, int qos, boolean noLocal, String shareGroup) {
            this.clientId = clientId;
            this.filter = filter;
            this.qos = qos;
            this.noLocal = noLocal;
            this.shareGroup = shareGroup;
        }

        public String clientId() {
            return clientId;
        }

        public String filter() {
            return filter;
        }

        public int qos() {
            return qos;
        }

        public boolean noLocal() {
            return noLocal;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Subscriber && clientId.equals(((Subscriber) o).clientId)
                    && filter.equals(((Subscriber) o).filter);
        }

        @Override
        public int hashCode() {
            return Objects.hash(clientId, filter);
        }
    }

    private static final class Node {
        final Map<String, Node> children = new ConcurrentHashMap<>();
        final Set<Subscriber> subscribers = ConcurrentHashMap.newKeySet();
    }

    private final Node root = new Node();
    private final AtomicInteger shareCursor = new AtomicInteger();

    /** Checked for every PUBLISH before it is routed. */
    public static boolean isValidTopicName(String topic) {
        return !topic.isEmpty() && topic.length() <= 65_535 && topic.matches("[^+#\\u0000]+");
    }

    /** Checked for every filter of a SUBSCRIBE. */
    public static void validateFilter(String filter) {
        String[] levels = filter.split("/", -1);
        for (int i = 0; i < levels.length; i++) {
            String level = levels[i];
            if (level.contains("#") && (!level.equals("#") || i != levels.length - 1)) {
                throw new IllegalArgumentException("'#' must be the whole last level of " + filter);
            }
            if (level.contains("+") && !level.equals("+")) {
                throw new IllegalArgumentException("'+' must be a whole level of " + filter);
            }
        }
    }

    /** Adds one filter of a SUBSCRIBE ({@code $share/group/filter} for a shared subscription). */
    public void subscribe(String clientId, TopicSubscription s) {
        String filter = s.filter();
        String group = null;
        if (filter.startsWith("$share/")) {
            int slash = filter.indexOf('/', 7);
            String actual = filter.substring(slash + 1);
            StringBuilder key = new StringBuilder(filter.length());
            key.append(filter.substring(7, slash)).append('|').append(actual);
            group = key.toString();
            filter = actual;
        }
        Node node = root;
        for (String level : filter.split("/", -1)) {
            node = node.children.computeIfAbsent(level, l -> new Node());
        }
        node.subscribers.add(new Subscriber(clientId, s.filter(), s.qos(), s.noLocal(), group));
    }

    /** Every subscription whose filter matches {@code topic}; once per PUBLISH. */
    public Set<Subscriber> match(String topic) {
        String[] levels = topic.split("/", -1);
        Set<Subscriber> out = new HashSet<>();
        collect(root, levels, 0, topic.startsWith("$"), out);
        return out;
    }

    private void collect(Node node, String[] levels, int depth, boolean system, Set<Subscriber> out) {
        if (depth == levels.length) {
            out.addAll(node.subscribers);
            Node hash = node.children.get("#");
            if (hash != null) {
                out.addAll(hash.subscribers);
            }
            return;
        }
        boolean wildcardsAllowed = depth > 0 || !system;
        Node literal = node.children.get(levels[depth]);
        if (literal != null) {
            collect(literal, levels, depth + 1, system, out);
        }
        if (wildcardsAllowed) {
            Node plus = node.children.get("+");
            if (plus != null) {
                collect(plus, levels, depth + 1, system, out);
            }
            Node hash = node.children.get("#");
            if (hash != null) {
                out.addAll(hash.subscribers);
            }
        }
    }

    /** Keeps plain subscribers and picks one member of each share group, round robin; once per PUBLISH. */
    public List<Subscriber> resolveShared(Set<Subscriber> matched) {
        List<Subscriber> result = new ArrayList<>(matched.size());
        Map<String, List<Subscriber>> groups = new HashMap<>();
        for (Subscriber s : matched) {
            if (s.shareGroup == null) {
                result.add(s);
            } else {
                groups.computeIfAbsent(s.shareGroup, g -> new ArrayList<>()).add(s);
            }
        }
        int cursor = shareCursor.getAndIncrement();
        for (String group : groups.keySet()) {
            List<Subscriber> members = groups.get(group);
            result.add(members.get(Math.floorMod(cursor, members.size())));
        }
        return result;
    }

    /** Whether one filter matches one topic; used by the retained store for each SUBSCRIBE. */
    public static boolean matches(String filter, String topic) {
        if (topic.startsWith("$") && (filter.startsWith("+") || filter.startsWith("#"))) {
            return false;
        }
        String[] f = filter.split("/", -1);
        String[] t = topic.split("/", -1);
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals("#")) {
                return true;
            }
            if (i >= t.length || !(f[i].equals("+") || f[i].equals(t[i]))) {
                return false;
            }
        }
        return f.length == t.length;
    }

    /** Removes every subscription of a client; runs when a clean session disconnects. */
    public int removeClient(String clientId) {
        return prune(root, clientId);
    }

    private int prune(Node node, String clientId) {
        int before = node.subscribers.size();
        node.subscribers.removeIf(s -> s.clientId.equals(clientId));
        int removed = before - node.subscribers.size();
        for (Node child : node.children.values()) {
            removed += prune(child, clientId);
        }
        return removed;
    }

    /** A client's filters, for its session file and the admin endpoint. */
    public List<String> filtersOf(String clientId) {
        List<String> filters = new ArrayList<>();
        collectFilters(root, clientId, filters);
        return filters;
    }

    private void collectFilters(Node node, String clientId, List<String> out) {
        for (Subscriber s : node.subscribers) {
            if (s.clientId.equals(clientId)) {
                out.add(s.filter);
            }
        }
        for (Node child : node.children.values()) {
            collectFilters(child, clientId, out);
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SubscriptionTree{");
        for (String level : root.children.keySet()) {
            sb.append(level).append('=').append(root.children.get(level).subscribers.size()).append(' ');
        }
        return sb.append('}').toString();
    }
}
