package com.acme.graphql.relay;

import com.acme.graphql.schema.SchemaRegistry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Relay support: global object IDs and cursor-based connections ({@code edges}, {@code pageInfo}).
 */
public final class Connections {

    private static final byte CURSOR_VERSION = 1;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    /** Implemented by domain objects exposed through the {@code Node} interface. */
    public interface Node {
        String localId();
    }

    /** Resolver of {@code Node.id} on every type that implements {@code Node}: base64url("Type:localId"). */
    public static final SchemaRegistry.DataFetcher GLOBAL_ID = env -> {
        String typeName = env.parentTypeName;
        String localId = ((Node) env.source).localId();
        String raw = String.format("%s:%s", typeName, localId);
        return ENCODER.encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    };

    public static final class InvalidCursorException extends IllegalArgumentException {
        public InvalidCursorException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public static final class Edge {
        public final Object node;
        public final String cursor;

        Edge(Object node, String cursor) {
            this.node = node;
            this.cursor = cursor;
        }
    }

    public static final class PageInfo {
        public final boolean hasPreviousPage;
        public final boolean hasNextPage;

        PageInfo(boolean hasPreviousPage, boolean hasNextPage) {
            this.hasPreviousPage = hasPreviousPage;
            this.hasNextPage = hasNextPage;
        }

        @Override
        public String toString() {
            return "PageInfo[previous=" + hasPreviousPage + ", next=" + hasNextPage + "]";
        }
    }

    public static final class Connection {
        public final List<Edge> edges;
        public final PageInfo pageInfo;

        Connection(List<Edge> edges, PageInfo pageInfo) {
            this.edges = edges;
            this.pageInfo = pageInfo;
        }

        /** The {@code nodes} shortcut field, resolved on every connection a query selects it on. */
        public Object[] nodes() {
            return edges.stream().map(e -> e.node).toArray(Object[]::new);
        }

        @Override
        public String toString() {
            List<String> cursors = edges.stream().map(e -> e.cursor).collect(Collectors.toList());
            return "Connection" + cursors + " " + pageInfo;
        }
    }

    private Connections() {
    }

    /**
     * One page of {@code all}: the connection field fetchers return this for {@code (first:, after:)}, once per
     * connection field in every query.
     */
    public static Connection connection(List<?> all, String after, int first) {
        int from = after == null ? 0 : (int) decodeCursor(after) + 1;
        int to = Math.min(all.size(), from + Math.max(first, 0));
        List<Edge> edges = edges(all.subList(Math.min(from, to), to), from);
        return new Connection(edges, new PageInfo(from > 0, to < all.size()));
    }

    private static List<Edge> edges(List<?> page, long firstOffset) {
        List<Edge> edges = new ArrayList<>();
        long offset = firstOffset;
        for (Object node : page) {
            edges.add(new Edge(node, encodeCursor(offset++)));
        }
        return edges;
    }

    static String encodeCursor(long offset) {
        byte[] b = new byte[9];
        b[0] = CURSOR_VERSION;
        b[1] = (byte) (offset >>> 56);
        b[2] = (byte) (offset >>> 48);
        b[3] = (byte) (offset >>> 40);
        b[4] = (byte) (offset >>> 32);
        b[5] = (byte) (offset >>> 24);
        b[6] = (byte) (offset >>> 16);
        b[7] = (byte) (offset >>> 8);
        b[8] = (byte) offset;
        return ENCODER.encodeToString(b);
    }

    static long decodeCursor(String cursor) {
        byte[] b;
        try {
            b = DECODER.decode(cursor);
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException("Invalid cursor \"" + cursor + "\"", e);
        }
        if (b.length != 9 || b[0] != CURSOR_VERSION) {
            throw new InvalidCursorException("Invalid cursor \"" + cursor + "\"", null);
        }
        return (b[1] & 0xFFL) << 56 | (b[2] & 0xFFL) << 48 | (b[3] & 0xFFL) << 40 | (b[4] & 0xFFL) << 32
                | (b[5] & 0xFFL) << 24 | (b[6] & 0xFFL) << 16 | (b[7] & 0xFFL) << 8 | (b[8] & 0xFFL);
    }

    /**
     * Support tool: reads cursors from standard input, one per line, and prints the offset in each, whatever
     * its version byte says.
     */
    public static void main(String[] args) throws IOException {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        while (true) {
            byte[] chunk = new byte[4096];
            int n = System.in.read(chunk);
            if (n < 0) {
                break;
            }
            input.write(chunk, 0, n);
        }
        input.toString(StandardCharsets.UTF_8).lines().map(String::strip).filter(line -> !line.isEmpty())
                .forEach(line -> {
                    byte[] b = DECODER.decode(line);
                    long offset = (b[1] & 0xFFL) << 56 | (b[2] & 0xFFL) << 48 | (b[3] & 0xFFL) << 40 | (b[4] & 0xFFL) << 32
                            | (b[5] & 0xFFL) << 24 | (b[6] & 0xFFL) << 16 | (b[7] & 0xFFL) << 8 | (b[8] & 0xFFL);
                    System.out.println(line + " -> version " + b[0] + ", offset " + offset);
                });
    }
}
