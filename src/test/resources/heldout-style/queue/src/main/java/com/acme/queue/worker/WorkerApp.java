package com.acme.queue.worker;

import com.acme.queue.client.ConsumerConfig;
import com.acme.queue.client.ConsumerRecord;
import com.acme.queue.client.FetchChannel;
import com.acme.queue.client.Metrics;
import com.acme.queue.client.QueueConsumer;
import com.acme.queue.client.RecordDecoder;
import com.acme.queue.client.RecordHandler;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * The order-processing worker: subscribes to the orders, payments and audit topics and
 * serves /health and /metrics while the consumer's poll loop runs on the main thread.
 */
public final class WorkerApp {

    private static final System.Logger LOG = System.getLogger("acme.worker");
    private static final String VERSION = "1.4.2";

    /** Stand-in for the embedded HTTP server: the acceptor thread calls a route for every request. */
    interface Route {
        String get(String query);
    }

    static final class MiniHttpServer {
        private final Map<String, Route> routes = new ConcurrentHashMap<>();
        private final int port;

        MiniHttpServer(int port) {
            this.port = port;
        }

        void route(String path, Route route) {
            routes.put(path, route);
        }

        String serve(String path, String query) {
            Route route = routes.get(path);
            return route == null ? "404 " + path : route.get(query);
        }

        void start() {
            LOG.log(System.Logger.Level.INFO, "http on port " + port);
        }
    }

    /** Stand-in for the ledger service client. */
    static final class Ledger {
        private final Map<String, byte[]> entries = new ConcurrentHashMap<>();

        void post(String key, byte[] amount) {
            entries.put(key, amount);
        }
    }

    record AuditEntry(String actor, String action, List<String> tags) {
    }

    /** Payload of the orders topic: {@code orderId;sku;status;sku1=2,sku2=1}. */
    record Order(String orderId, String sku, String status, Map<String, Integer> lines) {

        /** Found by RecordDecoder's deserializer lookup and invoked reflectively for every order record. */
        static Order fromBytes(byte[] data) {
            String[] f = new String(data, StandardCharsets.UTF_8).split(";");
            return new Order(f[0], f[1], f[2], parseLines(f[3].split(",")));
        }

        private static Map<String, Integer> parseLines(String[] pairs) {
            Map<String, Integer> lines = new HashMap<>();
            for (String pair : pairs) {
                int eq = pair.indexOf('=');
                lines.put(pair.substring(0, eq), Integer.parseInt(pair.substring(eq + 1, pair.length())));
            }
            return lines;
        }
    }

    /** Reserves stock for every open order; asks for a retry when the stock feed is behind. */
    static final class OrderHandler implements RecordHandler {
        private static final String SERVICE = "order-svc";
        private static final int SCHEMA = 2;
        private static final Set<String> OPEN_STATUSES;

        static {
            List<String> statuses = List.of("NEW", "PAID", "PACKED");
            OPEN_STATUSES = statuses.stream().map(s -> s.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        }

        private final String dlqTopic = String.format("%s.dlq.v%s", SERVICE, SCHEMA);
        private final Map<String, Integer> stock;
        private final Map<String, Long> reservedByFamily = new ConcurrentHashMap<>();
        private final BiConsumer<String, List<String>> picker;

        OrderHandler(Map<String, Integer> stock, BiConsumer<String, List<String>> picker) {
            this.stock = stock;
            this.picker = picker;
        }

        @Override
        public Outcome handle(ConsumerRecord record) throws RetriableException {
            Order order = RecordDecoder.deserializerFor(Order.class).deserialize(record.value());
            String orderId = order.orderId();
            if (!OPEN_STATUSES.contains(order.status().toLowerCase(Locale.ROOT))) {
                return new Skip("closed order");
            }
            Map<String, Integer> lines = order.lines();
            int total = 0;
            for (String sku : lines.keySet()) {
                int qty = lines.get(sku);
                Integer available = stock.get(sku);
                if (available == null || available < qty) {
                    throw new RetriableException(String.format("stock for %s not replenished yet (order %s)", sku, orderId));
                }
                total += qty;
            }
            assert total > 0 : "order " + orderId + " has no lines";

            String sku = order.sku();
            int dot = sku.indexOf('.');
            StringBuilder family = new StringBuilder(32);
            family.append(sku.substring(0, dot)).append('/').append(SCHEMA);
            reservedByFamily.merge(family.toString(), (long) total, Long::sum);
            picker.accept(orderId, pickLines(lines));
            return new Ack();
        }

        private static List<String> pickLines(Map<String, Integer> lines) {
            List<String> pick = new ArrayList<>();
            for (Map.Entry<String, Integer> e : lines.entrySet()) {
                pick.add(e.getKey() + " x" + e.getValue());
            }
            return pick;
        }

        @Override
        public String toString() {
            return "OrderHandler[dlq=" + dlqTopic + ", schema " + SCHEMA + "]";
        }
    }

    public static void main(String[] args) throws Exception {
        Path configFile = Path.of(args.length > 0 ? args[0] : "worker.properties");
        ConsumerConfig config = ConsumerConfig.load(configFile);
        String group = config.groupId();
        String client = config.clientId();
        int maxPoll = config.maxPollRecords();
        String banner = String.format("acme-queue worker %s starting: group %s, client %s", VERSION, group, client);
        LOG.log(System.Logger.Level.INFO, banner);
        int hash = Objects.hash(group, client, maxPoll);
        LOG.log(System.Logger.Level.INFO, "config hash " + Integer.toHexString(hash));
        Map<String, String> extra = config.extra();
        for (String key : extra.keySet()) {
            LOG.log(System.Logger.Level.INFO, "  " + key + " = " + extra.get(key));
        }

        String[] configured = config.topics().stream().map(t -> t.toLowerCase(Locale.ROOT)).toArray(String[]::new);
        String[] fromArgs = args.length > 1 ? args[1].split("[,;]\\s*") : new String[0];
        String[] chosen = fromArgs.length > 0 ? fromArgs : configured;
        List<String> topics = new ArrayList<>();
        for (String t : chosen) {
            topics.add(t.trim());
        }
        LOG.log(System.Logger.Level.INFO, "subscribing to " + topics);

        Metrics metrics = new Metrics(Map.of("group", group, "client", client));
        Socket socket = new Socket(config.host(), config.port());
        FetchChannel channel = new FetchChannel(config.host(), config.port(),
                socket.getInputStream(), socket.getOutputStream());
        channel.handshake();
        BiConsumer<String, String[]> tracer = (span, headers) ->
                LOG.log(System.Logger.Level.TRACE, () -> span + " " + String.join(",", headers));
        QueueConsumer consumer = new QueueConsumer(config, channel, metrics, tracer);

        Ledger ledger = new Ledger();
        Map<String, Integer> stock = new ConcurrentHashMap<>();
        List<AuditEntry> audit = new CopyOnWriteArrayList<>();

        if (topics.contains("orders")) {
            consumer.subscribe("orders", new OrderHandler(stock, (orderId, pick) -> LOG.log(
                    System.Logger.Level.DEBUG, () -> "pick " + orderId + ": " + pick)));
        }
        if (topics.contains("payments")) {
            consumer.subscribe("payments", record -> {
                String paymentId = record.key();
                String currency = record.headers().getOrDefault("currency", "EUR");
                String ledgerKey = String.format("%s:%s", currency, paymentId);
                ledger.post(ledgerKey, record.value());
                return new RecordHandler.Ack();
            });
        }
        if (topics.contains("audit")) {
            consumer.subscribe("audit", new RecordHandler() {
                @Override
                public Outcome handle(ConsumerRecord record) {
                    String line = new String(record.value(), StandardCharsets.UTF_8);
                    String[] fields = line.split("\\s*\\|\\s*");
                    Map<String, String> headers = record.headers();
                    List<String> tags = headers.values().stream()
                            .map(v -> v.toLowerCase(Locale.ROOT))
                            .collect(Collectors.toList());
                    audit.add(new AuditEntry(fields[0], fields.length > 1 ? fields[1] : "", tags));
                    return new Ack();
                }
            });
        }

        MiniHttpServer http = new MiniHttpServer(8081);
        http.route("/metrics", query -> consumer.lastSnapshot().render());
        http.route("/health", query -> {
            long now = System.currentTimeMillis();
            return String.format("ok %s %s", group, now);
        });
        http.start();

        Runtime.getRuntime().addShutdownHook(new Thread(consumer::close));
        consumer.run();
    }
}
