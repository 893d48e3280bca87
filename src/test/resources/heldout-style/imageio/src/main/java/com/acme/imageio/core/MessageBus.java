package com.acme.imageio.core;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Minimal stand-in for the in-house message bus: live capture devices publish one message per
 * audio frame or video frame, and every subscriber's {@link Subscriber#onMessage} runs for each.
 */
public final class MessageBus<T> {

    /** Called by the bus once per published message. */
    public interface Subscriber<T> {
        void onMessage(T message);
    }

    private final List<Subscriber<T>> subscribers = new CopyOnWriteArrayList<>();

    public void subscribe(Subscriber<T> subscriber) {
        subscribers.add(subscriber);
    }

    public void publish(T message) {
        for (Subscriber<T> s : subscribers) {
            s.onMessage(message);
        }
    }
}
