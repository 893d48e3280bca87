package com.acme.payments.ops;

import com.acme.payments.acquirer.Acquirer;
import com.acme.payments.acquirer.HarbourBankAcquirer;
import com.acme.payments.acquirer.NovaPayAcquirer;
import com.acme.payments.config.MerchantConfig;
import com.acme.payments.gateway.PaymentGateway;
import com.acme.payments.http.Http;
import com.acme.payments.webhook.WebhookVerifier;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/** Entry point: loads merchant configuration, wires the acquirers and starts the HTTP server. */
public final class GatewayApp {

    static final String APP_NAME = "payments-gateway";
    static final String VERSION = "4.12.0";

    /** Major version: /health reports it and the config loader picks its schema by it. */
    static final int MAJOR_VERSION = Integer.parseInt(VERSION.substring(0, VERSION.indexOf('.')));

    private GatewayApp() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.getInteger("payments.port", 8443);
        String nodeName = System.getProperty("payments.node", "gw-1");
        Path configDir = Paths.get(System.getProperty("payments.config", "/etc/payments/merchants"));
        Path archiveDir = Paths.get(System.getProperty("payments.webhook-archive", "/var/lib/payments/webhooks"));

        Map<String, MerchantConfig> merchants = MerchantConfig.loadAll(configDir);
        int merchantCount = merchants.size();
        int configHash = Objects.hash(nodeName, merchantCount);
        System.out.println(APP_NAME + " " + VERSION + " on " + nodeName + ", config " + Integer.toHexString(configHash));
        for (String id : merchants.keySet()) {
            MerchantConfig config = merchants.get(id);
            System.out.println("  merchant " + id + " -> " + config.acquirer() + " (" + config.currency() + ")");
        }

        ExecutorService io = Executors.newFixedThreadPool(32);
        HttpClient httpClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).executor(io).build();
        Acquirer novaPay = new NovaPayAcquirer(System.getProperty("novapay.url", "https://api.novapay.example/"),
                httpClient, merchants::get);
        Acquirer harbour = new HarbourBankAcquirer(System.getProperty("harbour.host", "h2h.harbourbank.example"),
                Integer.getInteger("harbour.port", 7010), io);
        List<Acquirer> acquirerList = List.of(novaPay, harbour);
        String[] acquirerNames = acquirerList.stream().map(Acquirer::name).toArray(String[]::new);
        System.out.println("acquirers: " + String.join(", ", acquirerNames));

        Http.Metrics metrics = new Http.Metrics();
        PaymentGateway gateway = new PaymentGateway(merchants, Map.of("novapay", novaPay, "harbourbank", harbour),
                metrics, new PaymentGateway.Backoff(4, 200));
        WebhookVerifier webhooks = new WebhookVerifier(id -> merchants.get(id).webhookKey(), archiveDir,
                new WebhookVerifier.Sink() {
                    @Override
                    public void settled(String eventId, Set<String> paymentRefs) {
                        metrics.increment("webhook_settled");
                    }

                    @Override
                    public void chargeback(String eventId, List<String> entries) {
                        metrics.increment("webhook_chargeback");
                    }
                });

        Http.Server server = new Http.Server(port);
        server.route("/payments/authorise", gateway.authoriseHandler());
        server.route("/payments/capture-batch", gateway.captureBatchHandler());
        server.route("/webhooks", webhooks);
        server.route("/health", new HealthEndpoint(metrics, Map.of("node", nodeName, "version", VERSION)));
        server.route("/version", request -> Http.Response.text(200, String.format("%s %s%n", APP_NAME, VERSION)));
        server.route("/ping", new Http.Handler() {
            @Override
            public Http.Response handle(Http.Request request) {
                long now = System.currentTimeMillis();
                return Http.Response.text(200, String.format("pong from %s at %s", nodeName, now));
            }
        });
        server.start();
    }

    /** GET /health: polled by the load balancer every two seconds and scraped by Prometheus. */
    static final class HealthEndpoint implements Http.Handler {
        private final Http.Metrics metrics;
        private final Map<String, String> nodeTags;
        private final long startedAt = System.currentTimeMillis();

        HealthEndpoint(Http.Metrics metrics, Map<String, String> nodeTags) {
            this.metrics = metrics;
            this.nodeTags = nodeTags;
        }

        @Override
        public Http.Response handle(Http.Request request) {
            StringBuilder out = new StringBuilder();
            Map<String, LongAdder> counters = metrics.counters();
            for (String metric : counters.keySet()) {
                long value = counters.get(metric).sum();
                out.append(String.format("payments_%s %s%n", metric, value));
            }
            String[] labels = Stream.concat(nodeTags.keySet().stream(), nodeTags.values().stream()).toArray(String[]::new);
            long uptime = (System.currentTimeMillis() - startedAt) / 1000;
            out.append("payments_uptime_seconds").append(renderLabels(labels)).append(' ').append(uptime).append('\n');
            out.append("payments_major_version ").append(MAJOR_VERSION).append('\n');
            int status;
            switch (request.method()) {
                case "GET":
                    status = 200;
                    break;
                case "HEAD":
                    status = 204;
                    break;
                default:
                    status = 405;
                    break;
            }
            return Http.Response.text(status, status == 200 ? out.toString() : "");
        }

        private static String renderLabels(String[] keysThenValues) {
            int half = keysThenValues.length / 2;
            StringBuilder labels = new StringBuilder("{");
            for (int i = 0; i < half; i++) {
                if (i > 0) {
                    labels.append(',');
                }
                labels.append(keysThenValues[i]).append("=\"").append(keysThenValues[half + i]).append('"');
            }
            return labels.append('}').toString();
        }
    }
}
