package com.acme.rules.bus;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * Stand-in for the internal message bus client (acme-bus 4.x): only the calls the rules service makes.
 * The real client delivers on one consumer thread per subscription and calls {@link Listener#onMessage}
 * once per delivered message.
 */
public final class Bus {

    /** Called by the bus on its consumer thread, once for every delivered message. */
    public interface Listener {
        void onMessage(Message message);
    }

    /** One delivered message. Headers and flags are never null. */
    public static final class Message {
        private final String topic;
        private final Map<String, String> headers;
        private final List<String> flags;
        private final Object payload;
        private final long receivedAt;

        public Message(String topic, Map<String, String> headers, List<String> flags, Object payload,
                long receivedAt) {
            this.topic = topic;
            this.headers = headers;
            this.flags = flags;
            this.payload = payload;
            this.receivedAt = receivedAt;
        }

        public String getTopic() {
            return topic;
        }

        public Map<String, String> getHeaders() {
            return headers;
        }

        public List<String> getFlags() {
            return flags;
        }

        public Object getPayload() {
            return payload;
        }

        public long getReceivedAt() {
            return receivedAt;
        }
    }

    private static final Map<String, List<Listener>> LISTENERS = new ConcurrentHashMap<>();
    private static final CountDownLatch SHUTDOWN = new CountDownLatch(1);

    private Bus() {
    }

    public static void subscribe(String topic, Listener listener) {
        LISTENERS.computeIfAbsent(topic, t -> new CopyOnWriteArrayList<>()).add(listener);
    }

    public static void publish(String topic, Map<String, String> headers, Object payload) {
        deliver(new Message(topic, headers, Collections.<String>emptyList(), payload, System.currentTimeMillis()));
    }

    public static void publish(String topic, String body) {
        publish(topic, Collections.<String, String>emptyMap(), body);
    }

    public static void deliver(Message message) {
        List<Listener> listeners = LISTENERS.get(message.getTopic());
        if (listeners == null) {
            return;
        }
        for (Listener listener : listeners) {
            listener.onMessage(message);
        }
    }

    public static void shutdown() {
        SHUTDOWN.countDown();
    }

    public static void awaitShutdown() throws InterruptedException {
        SHUTDOWN.await();
    }
}
