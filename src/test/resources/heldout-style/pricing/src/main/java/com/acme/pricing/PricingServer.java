package com.acme.pricing;

import com.acme.pricing.audit.AuditLog;
import com.acme.pricing.audit.NightlyExport;
import com.acme.pricing.catalog.PriceCatalog;
import com.acme.pricing.convert.ConverterRegistry;
import com.acme.pricing.invoice.InvoiceRenderer;
import com.acme.pricing.promo.PromotionRegistry;
import com.acme.pricing.quote.QuoteContextFactory;
import com.acme.pricing.quote.QuoteEngine;
import com.acme.pricing.web.MiniHttp;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Boots the pricing service: loads the catalog, wires the endpoints, schedules the nightly export. */
public final class PricingServer {

    static final String VERSION = "4.12.0";

    /** Renders the body of a successful quote request. */
    @FunctionalInterface
    interface QuoteResponder {
        MiniHttp.Response respond(QuoteEngine.Quote quote) throws IOException;
    }

    private final QuoteContextFactory contexts;
    private final QuoteEngine engine;
    private final InvoiceRenderer renderer;
    private final String serverHeader = String.format("acme-pricing/%s", VERSION);

    PricingServer(QuoteContextFactory contexts, QuoteEngine engine, InvoiceRenderer renderer) {
        this.contexts = contexts;
        this.engine = engine;
        this.renderer = renderer;
    }

    /** {@code POST /quote}. */
    MiniHttp.Response quote(MiniHttp.Request request) throws IOException {
        return withQuote(request, quote -> {
            byte[] body = renderer.text(quote).getBytes(StandardCharsets.UTF_8);
            if (request.headerValues("accept-encoding").contains("gzip")) {
                return MiniHttp.Response.bytes(200, "text/plain", renderer.gzip(body))
                        .withHeader("Content-Encoding", "gzip")
                        .withHeader("Server", serverHeader);
            }
            return MiniHttp.Response.bytes(200, "text/plain", body).withHeader("Server", serverHeader);
        });
    }

    /** Validates and prices the basket of a request; invalid baskets get a 422 with every problem found. */
    MiniHttp.Response withQuote(MiniHttp.Request request, QuoteResponder responder) throws IOException {
        QuoteContextFactory.QuoteContext ctx = contexts.create(request);
        QuoteContextFactory.ParsedBasket parsed = contexts.parseBasket(ctx, request);
        if (!parsed.errors.isEmpty()) {
            return MiniHttp.Response.text(422, String.join("\n", parsed.errors));
        }
        return responder.respond(engine.compute(ctx, parsed.basket));
    }

    public static void main(String[] args) throws IOException {
        String host = "0.0.0.0";
        int port = 8080;
        Path dataDir = Paths.get("data");
        for (String arg : args) {
            if (arg.matches("--port=\\d{2,5}")) {
                port = Integer.parseInt(arg.substring(7, arg.length()));
            } else if (arg.startsWith("--data=")) {
                dataDir = Paths.get(arg.substring("--data=".length()));
            }
        }

        Path prices = dataDir.resolve("prices.csv");
        if (!Files.exists(prices)) {
            // First boot on a fresh volume: start from the price list baked into the image.
            Files.createDirectories(dataDir);
            try (InputStream in = new FileInputStream("/opt/acme/pricing/defaults/prices.csv");
                    OutputStream out = Files.newOutputStream(prices)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
        }

        PriceCatalog catalog = PriceCatalog.load(prices, dataDir.resolve("tax.csv"));
        Map<String, Integer> counts = catalog.countsByCurrency();
        for (String currency : counts.keySet()) {
            System.out.println("  " + currency + ": " + counts.get(currency) + " prices");
        }

        Set<String> enabled = new HashSet<>();
        enabled.addAll(catalog.currencies());
        enabled.removeAll(Arrays.asList(System.getProperty("pricing.disabled.currencies", "").split(",")));

        List<String> settingNames = Arrays.asList("pricing.rounding", "pricing.export.dir", "pricing.audit.dir");
        Map<String, String> settings = new HashMap<>(settingNames.size());
        for (String name : settingNames) {
            settings.put(name, System.getProperty(name, "<default>"));
        }
        String[] flat = settings.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        System.out.println("pricing " + VERSION + " settings " + Arrays.toString(flat));
        System.out.print(ConverterRegistry.describeSchema(QuoteEngine.Quote.class, QuoteEngine.QuotedLine.class));

        AuditLog audit = new AuditLog(dataDir.resolve("audit"));
        InvoiceRenderer renderer = new InvoiceRenderer();
        QuoteEngine engine = new QuoteEngine(catalog, new PromotionRegistry(), audit);
        PricingServer app = new PricingServer(new QuoteContextFactory(enabled), engine, renderer);

        MiniHttp.Server server = new MiniHttp.Server(host, port);
        server.route("/quote", app::quote);
        server.route("/prices", request -> {
            String currency = request.query("currency");
            List<PriceCatalog.Entry> entries = catalog.entries(currency);
            List<String> rows = entries.stream().map(e -> e.sku() + ";" + e.amount()).collect(Collectors.toList());
            return MiniHttp.Response.text(200, String.join("\n", rows));
        });
        server.route("/invoice.csv", new MiniHttp.Handler() {
            @Override
            public MiniHttp.Response handle(MiniHttp.Request request) throws IOException {
                String tenant = request.header("x-tenant");
                String day = LocalDate.now(ZoneOffset.UTC).toString();
                String disposition = String.format("attachment; filename=\"invoice-%s-%s.csv\"", tenant, day);
                return app.withQuote(request, quote -> MiniHttp.Response.bytes(200, "text/csv", renderer.csv(quote))
                        .withHeader("Content-Disposition", disposition));
            }
        });
        server.route("/admin/refresh", request -> {
            catalog.reload();
            return MiniHttp.Response.text(200, "catalog version " + catalog.version());
        });

        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        scheduler.scheduleAtFixedRate(new NightlyExport(audit, dataDir.resolve("export")), 1, 24, TimeUnit.HOURS);
        Runtime.getRuntime().addShutdownHook(new Thread(audit::flush));
        server.start();
    }
}
