package com.acme.gateway.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Stand-in for the embedded HTTP server the gateway runs on in production (vendored there). Only the surface the
 * gateway touches is modelled: a handler per context prefix, called once per request on the connection's virtual
 * thread, and filters called once per proxied request.
 */
public final class MiniHttp {

    private MiniHttp() {
    }

    /**
     * One inbound request. {@code proxyHeader} holds the raw PROXY protocol v2 header when the request came through
     * the load balancer, {@code null} otherwise.
     */
    public record Request(String method, String path, Map<String, List<String>> headers, InputStream body,
                          String remoteAddress, byte[] proxyHeader) {

        public String header(String name) {
            List<String> values = headers.get(name);
            return values == null || values.isEmpty() ? null : values.get(0);
        }
    }

    public static final class Response {
        private final Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private final OutputStream body;
        private int status = 200;

        public Response(OutputStream body) {
            this.body = body;
        }

        public int status() {
            return status;
        }

        public void status(int status) {
            this.status = status;
        }

        public Map<String, List<String>> headers() {
            return headers;
        }

        public void header(String name, String value) {
            headers.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
        }

        public OutputStream body() {
            return body;
        }

        public void write(String text) throws IOException {
            body.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Called by the server for every request whose path falls under the context it was registered for. */
    @FunctionalInterface
    public interface Handler {
        void handle(Request request, Response response) throws IOException;
    }

    /** Called by the gateway for every proxied request, after routing and before the upstream call. */
    @FunctionalInterface
    public interface Filter {
        void apply(Request request, Map<String, String> outgoingHeaders);
    }

    /** Optional metadata on a {@link Filter} class. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    public @interface FilterSpec {
        String name() default "";

        String[] routes() default {};

        int order() default 100;
    }

    public static final class Server {
        private final int port;
        private final Map<String, Handler> contexts = new LinkedHashMap<>();

        public Server(int port) {
            this.port = port;
        }

        public void createContext(String prefix, Handler handler) {
            contexts.put(prefix, handler);
        }

        /** The real server accepts connections here and serves each one on its own virtual thread. */
        public void start() {
            Thread.ofVirtual().name("http-acceptor-" + port).start(() -> {
            });
        }

        /** Longest registered prefix wins. */
        public void dispatch(Request request, Response response) throws IOException {
            Handler best = null;
            int bestLength = -1;
            for (Map.Entry<String, Handler> context : contexts.entrySet()) {
                String prefix = context.getKey();
                if (request.path().startsWith(prefix) && prefix.length() > bestLength) {
                    best = context.getValue();
                    bestLength = prefix.length();
                }
            }
            if (best == null) {
                response.status(404);
                return;
            }
            best.handle(request, response);
        }
    }
}
