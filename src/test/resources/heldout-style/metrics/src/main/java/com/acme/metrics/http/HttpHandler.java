package com.acme.metrics.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Stand-in for the embedded HTTP server of the host service. The server calls
 * {@link #handle} once per request, on one of its worker threads.
 */
@FunctionalInterface
public interface HttpHandler {

    void handle(Request request, Response response) throws IOException;

    interface Request {
        String method();

        String path();

        String header(String name);

        List<String> queryParams(String name);

        InputStream body();
    }

    interface Response {
        void status(int code);

        void header(String name, String value);

        void write(byte[] body) throws IOException;
    }

    interface Server {
        void route(String pathPrefix, HttpHandler handler);
    }

    /** Thrown by a handler to answer with an error status; the server writes the message as the body. */
    final class HttpException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final int status;

        public HttpException(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }
}
