package com.acme.resolver.upstream;

import com.acme.resolver.metrics.Metrics;
import com.acme.resolver.wire.DnsMessage;
import com.acme.resolver.wire.DnsMessage.Record;
import com.acme.resolver.wire.MessageCodec;
import com.acme.resolver.wire.MessageCodec.WireFormatException;
import com.acme.resolver.wire.RecordType;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Sends cache misses to the configured upstream resolvers over UDP, retrying over TCP on truncation. */
public final class UpstreamForwarder {

    private static final Map<Class<?>, String> ERROR_LABELS = new ConcurrentHashMap<>();

    private static final int MAX_UDP = 1232;
    private static final long BACKOFF_MILLIS = 5_000;

    /** EDNS0 OPT pseudo-record sent with every health probe: root owner, UDP size 1232, DO bit. */
    private static final byte[] PROBE_OPT;

    static {
        byte[] opt = new byte[11];
        opt[2] = (byte) RecordType.OPT.code;
        opt[3] = (byte) (MAX_UDP >>> 8);
        opt[4] = (byte) MAX_UDP;
        int extendedFlags = 0x00008000;
        int p = 5;
        opt[p] = (byte) (extendedFlags >>> 24);
        opt[p + 1] = (byte) (extendedFlags >>> 16);
        opt[p + 2] = (byte) (extendedFlags >>> 8);
        opt[p + 3] = (byte) extendedFlags;
        PROBE_OPT = opt;
    }

    public static final class Upstream {
        public final String host;
        public final int port;
        final InetSocketAddress address;
        volatile long downUntil;

        public Upstream(String host, int port) {
            this.host = host;
            this.port = port;
            this.address = new InetSocketAddress(host, port);
        }

        public String label() {
            return String.format("%s:%s", host, port);
        }
    }

    private final List<Upstream> upstreams = new CopyOnWriteArrayList<>();
    private final int timeoutMillis;
    private final Metrics metrics;
    private final AtomicInteger next = new AtomicInteger();

    public UpstreamForwarder(int timeoutMillis, Metrics metrics) {
        this.timeoutMillis = timeoutMillis;
        this.metrics = metrics;
    }

    /** Adds an upstream; also called by the admin API while the server runs. */
    public void addUpstream(Upstream upstream) {
        upstreams.add(upstream);
    }

    public DnsMessage forward(DnsMessage query) throws IOException {
        byte[] wire = MessageCodec.encode(query);
        InetSocketAddress[] targets = upstreams.stream()
                .map(u -> u.address)
                .toArray(InetSocketAddress[]::new);
        int n = targets.length;
        if (n == 0) {
            throw new IOException("no upstream configured");
        }
        int first = Math.floorMod(next.getAndIncrement(), n);
        IOException failure = null;
        for (int k = 0; k < n; k++) {
            int idx = (first + k) % n;
            Upstream up = upstreams.get(idx);
            if (up.downUntil > System.currentTimeMillis()) {
                continue;
            }
            try {
                byte[] response = exchangeUdp(targets[idx], wire, query.id);
                DnsMessage reply = MessageCodec.decode(response, 0, response.length);
                if (reply.truncated()) {
                    reply = exchangeTcp(up, wire);
                }
                metrics.increment("upstream_responses_total", "upstream", up.label());
                return new DnsMessage(reply.id, reply.flags, reply.questions, reply.answers,
                        reply.authority, usefulGlue(reply));
            } catch (IOException | WireFormatException e) {
                String kind = ERROR_LABELS.computeIfAbsent(e.getClass(),
                        c -> c.getSimpleName().toLowerCase(Locale.ROOT));
                metrics.increment("upstream_errors_total", "error", kind);
                String host = up.host;
                String reason = String.format("%s failed after %s ms", host, timeoutMillis);
                up.downUntil = System.currentTimeMillis() + BACKOFF_MILLIS;
                failure = new IOException(reason, e);
            }
        }
        throw failure != null ? failure : new IOException("every upstream is backing off");
    }

    private byte[] exchangeUdp(InetSocketAddress target, byte[] wire, int id) throws IOException {
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(timeoutMillis);
            socket.send(new DatagramPacket(wire, wire.length, target));
            byte[] buf = new byte[MAX_UDP];
            while (true) {
                DatagramPacket p = new DatagramPacket(buf, buf.length);
                socket.receive(p);
                int rid = (buf[0] & 0xFF) << 8 | (buf[1] & 0xFF);
                if (p.getLength() >= 12 && rid == id && target.equals(p.getSocketAddress())) {
                    return Arrays.copyOf(buf, p.getLength());
                }
                // a stray or spoofed datagram: keep waiting until the timeout
            }
        }
    }

    private DnsMessage exchangeTcp(Upstream up, byte[] wire) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(up.address, timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            OutputStream out = socket.getOutputStream();
            out.write(wire.length >>> 8);
            out.write(wire.length);
            out.write(wire);
            out.flush();
            InputStream in = socket.getInputStream();
            int hi = in.read();
            int lo = in.read();
            if ((hi | lo) < 0) {
                throw new EOFException("no length prefix from " + up.host);
            }
            int length = hi << 8 | lo;
            ByteArrayOutputStream body = new ByteArrayOutputStream(length);
            while (body.size() < length) {
                byte[] chunk = new byte[4096];
                int n = in.read(chunk);
                if (n < 0) {
                    int got = body.size();
                    throw new EOFException(String.format("%s closed after %s of %s bytes", up.host, got, length));
                }
                body.write(chunk, 0, n);
            }
            byte[] response = body.toByteArray();
            return MessageCodec.decode(response, 0, response.length);
        }
    }

    /** Keeps only additional records an NS, MX or CNAME of the reply points at (poisoning hygiene). */
    static List<Record> usefulGlue(DnsMessage reply) {
        Map<String, Record> byName = new HashMap<>(reply.additional.size());
        for (Record r : reply.additional) {
            byName.put(r.name, r);
        }
        return Stream.concat(reply.answers.stream(), reply.authority.stream())
                .map(UpstreamForwarder::targetOf)
                .filter(byName::containsKey)
                .map(byName::get)
                .collect(Collectors.toList());
    }

    private static String targetOf(Record r) {
        if (r.type == RecordType.NS.code || r.type == RecordType.CNAME.code) {
            return MessageCodec.decodeName(r.rdata, 0);
        }
        if (r.type == RecordType.MX.code) {
            return MessageCodec.decodeName(r.rdata, 2);
        }
        return "";
    }

    /** Health check, run by the scheduler every few seconds for each upstream that is backing off. */
    public boolean probe(Upstream up) {
        byte[] q = new byte[12 + 5 + PROBE_OPT.length];
        int id = ThreadLocalRandom.current().nextInt(0x10000);
        q[0] = (byte) (id >>> 8);
        q[1] = (byte) id;
        q[5] = 1;
        q[11] = 1;
        int p = 12;
        q[p++] = 0;
        q[p++] = 0;
        q[p++] = (byte) RecordType.NS.code;
        q[p++] = 0;
        q[p++] = (byte) DnsMessage.CLASS_IN;
        System.arraycopy(PROBE_OPT, 0, q, p, PROBE_OPT.length);
        try {
            exchangeUdp(up.address, q, id);
            up.downUntil = 0;
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
