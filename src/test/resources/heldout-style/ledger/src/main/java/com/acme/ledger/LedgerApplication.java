package com.acme.ledger;

import com.acme.ledger.accounts.ChartOfAccounts;
import com.acme.ledger.audit.AuditTrailFormatter;
import com.acme.ledger.http.MiniHttp;
import com.acme.ledger.money.Money;
import com.acme.ledger.posting.PostingService;
import com.acme.ledger.posting.Validation;
import com.acme.ledger.store.LedgerStore;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Wiring and entry point of the ledger service. */
public final class LedgerApplication {

    private static final Map<String, String> DEFAULTS = new HashMap<>();

    static {
        DEFAULTS.put("ledger.port", "8080");
        DEFAULTS.put("ledger.audit.columnar", "false");
        DEFAULTS.put("ledger.closed", "");
        for (String key : DEFAULTS.keySet()) {
            if (System.getProperty(key) == null) {
                System.setProperty(key, DEFAULTS.get(key));
            }
        }
    }

    static ChartOfAccounts chart;
    static LedgerStore store = new LedgerStore();

    /**
     * GET /balances?account=1000-00&currency=USD: the account and its direct children, one line each. The
     * anonymous class is created once, with the class; its handle method answers every balance query.
     */
    static final MiniHttp.Handler BALANCES = new MiniHttp.Handler() {
        @Override
        public MiniHttp.Response handle(MiniHttp.Request request) {
            Map<String, String> context = requestContext(request);
            String account = ChartOfAccounts.normalise(Validation.requireNonBlank(request.param("account"), "account"));
            String currency = Validation.requireNonBlank(request.param("currency"), "currency");
            List<String> codes = chart.childCodes(account);
            codes.add(0, account);
            List<Money> balances = store.balancesFor(codes, currency);
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < codes.size(); i++) {
                String code = codes.get(i);
                String shown = balances.get(i).toDisplay();
                body.append(String.format("%s;%s%n", code, shown));
            }
            return MiniHttp.Response.ok(body.toString()).header("X-Request-Id", context.get("x-request-id"));
        }
    };

    /** Looks like wiring, but every handler calls it first, once per request. */
    static Map<String, String> requestContext(MiniHttp.Request request) {
        Map<String, String> headers = request.headers();
        Map<String, String> context = new HashMap<>(headers.size());
        for (String name : headers.keySet()) {
            context.put(name.toLowerCase(Locale.ROOT), headers.get(name));
        }
        return context;
    }

    public static void main(String[] args) {
        String chartPath = args.length > 0 ? args[0] : "chart.csv";
        try (InputStream in = Files.newInputStream(Paths.get(chartPath))) {
            chart = ChartOfAccounts.load(in);
        } catch (IOException e) {
            String reason = e.getMessage();
            System.err.println(String.format("Cannot load the chart of accounts from %s: %s", chartPath, reason));
            System.exit(1);
            return;
        }
        Set<String> closed = new HashSet<>();
        closed.addAll(Arrays.asList(System.getProperty("ledger.closed").split(",")));
        closed.remove("");
        boolean columnar = Boolean.parseBoolean(System.getProperty("ledger.audit.columnar"));
        AuditTrailFormatter audit = new AuditTrailFormatter(System.out::println, Clock.systemUTC(), columnar);
        PostingService posting = new PostingService(chart, store, audit, closed);

        MiniHttp.Router router = new MiniHttp.Router();
        router.register("POST", "/journal-entries", posting);
        router.register("POST", "/reversals", posting.reversalHandler());
        router.register("GET", "/balances", BALANCES);
        router.register("GET", "/trial-balance",
                request -> MiniHttp.Response.ok(String.valueOf(store.netByCurrency())));
        System.out.println("ledger ready: " + chart.size() + " accounts, " + audit);
    }
}
