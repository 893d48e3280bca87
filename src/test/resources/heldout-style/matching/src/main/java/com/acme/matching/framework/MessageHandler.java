package com.acme.matching.framework;

/**
 * Minimal stand-in for the transport framework's handler SPI: the framework decodes the session layer and calls
 * {@link #onMessage} once for every inbound application message, on the session's event-loop thread.
 */
@FunctionalInterface
public interface MessageHandler<M> {

    void onMessage(Session session, M message) throws Exception;

    /** The framework's handle on one connected FIX session. */
    interface Session {
        String senderCompId();

        String targetCompId();

        void send(String message);

        void sendBinary(byte[] payload);

        void close(String reason);
    }
}
