package com.acme.mqtt.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Collectors;

import com.acme.mqtt.topic.SubscriptionTree;

/** Last retained message per topic, replayed to every new matching subscription. */
public final class RetainedStore {

    public static final class Retained {
        private final String topic;
        private final byte[] payload;
        private final int qos;
        private final long expiresAt;

        Retained(String topic, byte[] payload, int qos, long expiresAt) {
            this.topic = topic;
            this.payload = payload;
            this.qos = qos;
            this.expiresAt = expiresAt;
        }

        public String topic() {
            return topic;
        }

        public byte[] payload() {
            return payload;
        }

        public int qos() {
            return qos;
        }

        public long expiresAt() {
            return expiresAt;
        }
    }

    private final ConcurrentMap<String, Retained> byTopic = new ConcurrentHashMap<>();

    /** Called for every PUBLISH with the retain flag; an empty payload clears the topic. */
    public void put(String topic, byte[] payload, int qos, int expirySeconds) {
        if (payload.length == 0) {
            byTopic.remove(topic);
            return;
        }
        long expiresAt = expirySeconds > 0 ? System.currentTimeMillis() + expirySeconds * 1000L : 0L;
        byTopic.put(topic, new Retained(topic, payload, qos, expiresAt));
    }

    public List<Retained> matching(String filter) {
        List<Retained> out = new ArrayList<>();
        for (Retained r : byTopic.values()) {
            if (SubscriptionTree.matches(filter, r.topic)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Retained messages for all filters of one SUBSCRIBE, each topic once even if several filters match it. */
    public Collection<Retained> forFilters(String[] filters) {
        List<Retained> matched = new ArrayList<>();
        for (String filter : filters) {
            matched.addAll(matching(filter));
        }
        Map<String, Retained> unique = new HashMap<>(matched.size());
        for (Retained r : matched) {
            unique.put(r.topic, r);
        }
        return unique.values();
    }

    /** Run by the housekeeping timer every second. */
    public List<String> expiredTopics(long now) {
        List<String> expired = new ArrayList<>();
        for (Retained r : byTopic.values()) {
            if (r.expiresAt != 0 && r.expiresAt <= now) {
                expired.add(r.topic);
            }
        }
        return expired;
    }

    public void removeAll(List<String> topics) {
        for (String topic : topics) {
            byTopic.remove(topic);
        }
    }

    /** For the admin endpoint's /retained page. */
    public List<String> topics() {
        List<String> topics = byTopic.values().stream().map(Retained::topic).collect(Collectors.toList());
        topics.sort(null);
        return topics;
    }

    @Override
    public String toString() {
        return "RetainedStore[" + byTopic.size() + " topics]";
    }
}
