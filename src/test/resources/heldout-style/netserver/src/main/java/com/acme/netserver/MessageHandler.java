package com.acme.netserver;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Implemented by applications. The event loop calls {@link #onMessage} once for every
 * message a client sends, on the loop thread, so implementations must not block.
 */
@FunctionalInterface
public interface MessageHandler {

    /**
     * Handles one message.
     *
     * @return the response payload (a String, a List, a Map or anything with a renderer),
     *         or null for an empty {@code OK}
     */
    Object onMessage(Message message, Context context) throws Exception;

    /** What a handler may see of the connection the message arrived on. */
    interface Context {
        String remoteAddress();

        String principal();

        Set<String> roles();

        MetricsReporter metrics();
    }

    /** One decoded command: {@code ns:name arg1 arg2 ...} plus the frame's headers and body. */
    final class Message {
        private final String command;
        private final List<String> args;
        private final Map<String, String> headers;
        private final byte[] body;

        public Message(String command, List<String> args, Map<String, String> headers, byte[] body) {
            this.command = command;
            this.args = Collections.unmodifiableList(args);
            this.headers = headers;
            this.body = body;
        }

        public String command() {
            return command;
        }

        public List<String> args() {
            return args;
        }

        public String arg(int index) {
            return index < args.size() ? args.get(index) : "";
        }

        public Map<String, String> headers() {
            return headers;
        }

        public byte[] body() {
            return body;
        }

        @Override
        public String toString() {
            return "Message[" + command + " " + args + "]";
        }
    }
}
