package com.acme.resolver.server;

import com.acme.resolver.cache.RecordCache;
import com.acme.resolver.metrics.Metrics;
import com.acme.resolver.upstream.UpstreamForwarder;
import com.acme.resolver.wire.DnsMessage;
import com.acme.resolver.wire.DnsMessage.Question;
import com.acme.resolver.wire.DnsMessage.Record;
import com.acme.resolver.wire.MessageCodec;
import com.acme.resolver.wire.MessageCodec.WireFormatException;
import com.acme.resolver.wire.RecordType;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The resolver proper: local zones first, then the cache, then the upstreams. One call per datagram. */
public final class QueryHandler implements UdpServer.PacketHandler {

    private static final String VERSION = "2.3.1";
    private static final int MAX_CHAIN = 8;
    private static final List<String> SPECIAL_USE = Arrays.asList("localhost", "invalid", "test", "onion");
    private static final Set<String> REFUSED_SUFFIXES;

    static {
        Set<String> refused = new HashSet<>();
        refused.addAll(SPECIAL_USE);
        for (String extra : System.getProperty("resolver.refuse", "").split(",\\s*")) {
            if (!extra.isEmpty()) {
                refused.add(extra);
            }
        }
        REFUSED_SUFFIXES = Collections.unmodifiableSet(refused);
    }

    /** Key under which concurrent identical cache misses share one upstream exchange. */
    private static final Function<Question, String> FLIGHT_KEY =
            q -> String.format("%s|%s|%s", q.name, q.type, q.qclass);

    /** Events counted by {@link Metrics#record}; the class name is the series name. */
    static final class CacheHit {
    }

    static final class CacheMiss {
    }

    static final class ServFail {
    }

    private static final class QueryContext {
        final DnsMessage query;
        final Question question;
        final String traceId;
        final long startNanos = System.nanoTime();

        QueryContext(DnsMessage query, InetSocketAddress from) {
            this.query = query;
            this.question = query.question();
            String host = from.getAddress().getHostAddress();
            int id = query.id;
            this.traceId = String.format("%s#%s", host, id);
        }
    }

    private final byte[] versionTxt = txt(String.format("acme-resolver %s", VERSION));

    private final RecordCache cache;
    private final UpstreamForwarder forwarder;
    private final Map<String, List<Record>> zones;
    private final Metrics metrics;
    private final ConcurrentHashMap<String, CompletableFuture<DnsMessage>> inflight = new ConcurrentHashMap<>();

    public QueryHandler(RecordCache cache, UpstreamForwarder forwarder, Map<String, List<Record>> zones,
                        Metrics metrics) {
        this.cache = cache;
        this.forwarder = forwarder;
        this.zones = zones;
        this.metrics = metrics;
    }

    @Override
    public byte[] handle(byte[] packet, int length, InetSocketAddress from) {
        DnsMessage query;
        try {
            query = MessageCodec.decode(packet, 0, length);
        } catch (WireFormatException e) {
            String reason = e.getMessage().replaceAll(" at offset \\d+$", "");
            metrics.increment("malformed_total", "reason", reason);
            return null;
        }
        if (query.questions.size() != 1 || (query.flags & DnsMessage.FLAG_QR) != 0) {
            return MessageCodec.encode(query.reply(DnsMessage.RCODE_FORMERR, List.of(), List.of()));
        }
        QueryContext ctx = new QueryContext(query, from);
        String typeName = RecordType.toString(ctx.question.type);
        metrics.increment("queries_total", "qtype", typeName);
        DnsMessage reply = resolve(ctx);
        Map<String, String> labels = new TreeMap<>();
        labels.put("qtype", typeName);
        labels.put("rcode", Integer.toString(reply.rcode()));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - ctx.startNanos);
        metrics.observe("query_duration_ms", labels, millis);
        return MessageCodec.encode(reply);
    }

    private DnsMessage resolve(QueryContext ctx) {
        Question q = ctx.question;
        if (q.qclass == DnsMessage.CLASS_CH && q.name.equals("version.bind")) {
            Record version = new Record(q.name, RecordType.TXT.code, DnsMessage.CLASS_CH, 0, versionTxt);
            return ctx.query.reply(DnsMessage.RCODE_NOERROR, List.of(version), List.of());
        }
        if (isRefused(q.name)) {
            return ctx.query.reply(DnsMessage.RCODE_REFUSED, List.of(), List.of());
        }
        List<Record> local = zones.get(q.name);
        if (local != null) {
            return ctx.query.reply(DnsMessage.RCODE_NOERROR, local, List.of());
        }
        RecordCache.Answer cached = cache.get(q);
        if (cached != null) {
            metrics.record(new CacheHit());
            return ctx.query.reply(cached.rcode, chase(q, cached.records), List.of());
        }
        metrics.record(new CacheMiss());
        try {
            DnsMessage upstream = forwardShared(ctx);
            cache.put(q, upstream.rcode(), upstream.answers, upstream.authority);
            return ctx.query.reply(upstream.rcode(), upstream.answers, upstream.authority);
        } catch (IOException e) {
            metrics.record(new ServFail());
            System.err.println(ctx.traceId + ": " + e.getMessage());
            return ctx.query.reply(DnsMessage.RCODE_SERVFAIL, List.of(), List.of());
        }
    }

    private static boolean isRefused(String name) {
        int dot = name.lastIndexOf('.');
        return REFUSED_SUFFIXES.contains(dot < 0 ? name : name.substring(dot + 1));
    }

    /** Follows a CNAME chain through the cache so the client gets the whole chain in one answer. */
    private List<Record> chase(Question q, List<Record> records) {
        Set<Integer> types = records.stream()
                .map(r -> r.type)
                .collect(Collectors.toSet());
        if (records.isEmpty() || !types.contains(RecordType.CNAME.code) || types.contains(q.type)) {
            return records;
        }
        List<String> owners = records.stream()
                .map(r -> r.name)
                .collect(Collectors.toList());
        Set<String> visited = new HashSet<>();
        visited.addAll(owners);
        List<Record> chain = new ArrayList<>(records);
        Record last = records.get(records.size() - 1);
        for (int hops = 0; hops < MAX_CHAIN && last.type == RecordType.CNAME.code; hops++) {
            String target = MessageCodec.decodeName(last.rdata, 0);
            if (!visited.add(target)) {
                break;
            }
            RecordCache.Answer next = cache.get(new Question(target, q.type, q.qclass));
            if (next == null || next.records.isEmpty()) {
                break;
            }
            chain.addAll(next.records);
            last = next.records.get(next.records.size() - 1);
        }
        return chain;
    }

    /** Identical questions in flight at the same time share one upstream exchange. */
    private DnsMessage forwardShared(QueryContext ctx) throws IOException {
        String key = FLIGHT_KEY.apply(ctx.question);
        CompletableFuture<DnsMessage> mine = new CompletableFuture<>();
        CompletableFuture<DnsMessage> running = inflight.putIfAbsent(key, mine);
        if (running != null) {
            try {
                return running.get(5, TimeUnit.SECONDS).withId(ctx.query.id);
            } catch (ExecutionException e) {
                throw new IOException("shared upstream exchange failed", e.getCause());
            } catch (InterruptedException | TimeoutException e) {
                throw new IOException("gave up waiting for a shared upstream exchange", e);
            }
        }
        try {
            DnsMessage reply = forwarder.forward(ctx.query);
            mine.complete(reply);
            return reply;
        } catch (IOException | RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inflight.remove(key, mine);
        }
    }

    private static byte[] txt(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[bytes.length + 1];
        out[0] = (byte) bytes.length;
        System.arraycopy(bytes, 0, out, 1, bytes.length);
        return out;
    }
}
