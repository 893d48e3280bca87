package com.acme.queue.client;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The consumer's connection to one broker: a line-based request, a length-prefixed
 * binary response. One request is outstanding at a time, so a response is exactly
 * the bytes the length announces.
 */
public final class FetchChannel implements AutoCloseable {

    private final String host;
    private final int port;
    private final InputStream in;
    private final OutputStream out;
    private volatile byte[] lastFailureDump = new byte[0];

    /** Sent once per connection: the batch magic, two reserved bytes, the protocol version. */
    private static final byte[] HELLO = new byte[8];

    static {
        int magic = RecordDecoder.MAGIC;
        HELLO[0] = (byte) (magic >>> 24);
        HELLO[1] = (byte) (magic >>> 16);
        HELLO[2] = (byte) (magic >>> 8);
        HELLO[3] = (byte) magic;
        HELLO[6] = 0;
        HELLO[7] = 3;
    }

    public FetchChannel(String host, int port, InputStream in, OutputStream out) {
        this.host = host;
        this.port = port;
        this.in = in;
        this.out = out;
    }

    /** Once per connection, before the first fetch. */
    public void handshake() throws IOException {
        out.write(HELLO);
        out.flush();
        if (in.read() != 0) {
            throw new IOException("broker " + host + ":" + port + " refused protocol version " + HELLO[7]);
        }
    }

    /** One round trip per poll: asks for the next batch of the subscribed topics. */
    public byte[] fetch(String groupId, List<String> topics, int maxRecords) throws IOException {
        String[] names = topics.stream().map(String::trim).toArray(String[]::new);
        String topicList = String.join(",", names);
        String request = String.format("FETCH %s %s %s%n", groupId, topicList, maxRecords);
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();

        try {
            byte[] lengthBytes = in.readNBytes(4);
            if (lengthBytes.length < 4) {
                throw new EOFException("broker closed the connection before answering");
            }
            int length = RecordDecoder.readInt(lengthBytes, 0);
            ByteArrayOutputStream frame = new ByteArrayOutputStream(length);
            while (frame.size() < length) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    throw new EOFException("broker closed the connection mid-frame");
                }
                frame.write(chunk, 0, n);
            }
            return frame.toByteArray();
        } catch (IOException e) {
            // keep whatever the broker still had buffered, for the diagnostics dump
            ByteArrayOutputStream partial = new ByteArrayOutputStream();
            while (in.available() > 0) {
                byte[] chunk = new byte[1024];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                partial.write(chunk, 0, n);
            }
            lastFailureDump = partial.toByteArray();
            throw e;
        }
    }

    /** Sends the offsets of one processed batch; called after every batch. */
    public void commit(String groupId, List<QueueConsumer.OffsetCommit> commits) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (QueueConsumer.OffsetCommit c : commits) {
            body.write(encodeCommit(c.partition(), c.offset()));
        }
        out.write(("COMMIT " + groupId + " " + body.size() + "\n").getBytes(StandardCharsets.US_ASCII));
        body.writeTo(out);
        out.flush();
        int status = in.read();
        if (status != 0) {
            throw new IOException("broker " + host + ":" + port + " rejected the commit of group " + groupId
                    + " with status " + status);
        }
    }

    static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static byte[] encodeCommit(TopicPartition tp, long offset) {
        byte[] topic = tp.topic().getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[4 + topic.length + 4 + 8];
        writeInt(b, 0, topic.length);
        System.arraycopy(topic, 0, b, 4, topic.length);
        int p = 4 + topic.length;
        writeInt(b, p, tp.partition());
        p += 4;
        b[p] = (byte) (offset >>> 56);
        b[p + 1] = (byte) (offset >>> 48);
        b[p + 2] = (byte) (offset >>> 40);
        b[p + 3] = (byte) (offset >>> 32);
        b[p + 4] = (byte) (offset >>> 24);
        b[p + 5] = (byte) (offset >>> 16);
        b[p + 6] = (byte) (offset >>> 8);
        b[p + 7] = (byte) offset;
        return b;
    }

    /** Writes a fetched frame to the archive directory; the poll loop does this for every batch when archiving is on. */
    public void archive(byte[] frame, Path file) throws IOException {
        try (InputStream src = new ByteArrayInputStream(frame);
             OutputStream dst = Files.newOutputStream(file)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = src.read(buffer)) != -1) {
                dst.write(buffer, 0, n);
            }
        }
    }

    public byte[] lastFailureDump() {
        return lastFailureDump;
    }

    @Override
    public void close() throws IOException {
        try {
            in.close();
        } finally {
            out.close();
        }
    }
}
