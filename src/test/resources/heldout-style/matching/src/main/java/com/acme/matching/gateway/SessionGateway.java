package com.acme.matching.gateway;

import com.acme.matching.book.Order;
import com.acme.matching.book.OrderBook;
import com.acme.matching.book.OrderBook.Fill;
import com.acme.matching.config.EngineConfig;
import com.acme.matching.config.EngineConfig.SessionSettings;
import com.acme.matching.fix.FixDecoder;
import com.acme.matching.fix.FixDecoder.BinaryOrder;
import com.acme.matching.fix.FixDecoder.FixDecodeException;
import com.acme.matching.fix.FixDecoder.FixMessage;
import com.acme.matching.framework.MessageHandler;
import com.acme.matching.md.MarketDataPublisher;
import com.acme.matching.risk.RiskChecker;
import com.acme.matching.risk.RiskChecker.RiskRejectException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Order-entry gateway: the transport framework hands it every inbound message of every member session. It decodes,
 * runs pre-trade risk, matches, answers with execution reports and tells market data.
 */
public class SessionGateway implements MessageHandler<String> {

    /** What to do with one message type. */
    @FunctionalInterface
    interface Route {
        void handle(SessionGateway gw, Session session, FixMessage msg) throws IOException;
    }

    /** Routing by MsgType (tag 35); filled once, but each route runs for every message of its type. */
    private static final Map<String, Route> ROUTES = new HashMap<>();

    static {
        ROUTES.put("A", (gw, session, msg) -> {
            SessionSettings settings = gw.config.initSession(session.senderCompId());
            gw.sessions.put(session.senderCompId(), settings);
            session.send("35=A|108=30|");
        });
        ROUTES.put("D", (gw, session, msg) -> gw.newOrder(session, gw.decoder.bindTo(NewOrderSingle.class, msg)));
        ROUTES.put("F", (gw, session, msg) -> {
            String origClOrdId = msg.get(41);
            boolean done = gw.book(msg.get(55)).cancel(Long.parseLong(msg.get(37)));
            Map<Integer, String> body = new LinkedHashMap<>();
            body.put(41, origClOrdId);
            body.put(39, done ? "4" : "8");
            String outcome = done ? "accepted" : "rejected: unknown order";
            body.put(58, String.format("cancel of %s %s", origClOrdId, outcome));
            session.send(FixDecoder.encode("8", body));
        });
        ROUTES.put("q", (gw, session, msg) -> {
            List<Long> cancelled = gw.book(msg.get(55)).cancelAll(msg.get(1));
            List<String> ids = cancelled.stream().map(id -> Long.toString(id)).collect(Collectors.toList());
            Map<Integer, String> body = new LinkedHashMap<>();
            body.put(533, Integer.toString(ids.size()));
            body.put(58, String.join(",", ids));
            session.send(FixDecoder.encode("r", body));
        });
        ROUTES.put("1", new Route() {
            /** TestRequest: members send one whenever a heartbeat is late. */
            @Override
            public void handle(SessionGateway gw, Session session, FixMessage msg) {
                String testReqId = msg.get(112);
                String echo = testReqId.matches("[A-Za-z0-9_-]{1,32}") ? testReqId : "INVALID";
                session.send("35=0|112=" + echo + "|");
            }
        });
        ROUTES.put("2", (gw, session, msg) -> session.sendBinary(gw.replayJournal(session.senderCompId())));
        ROUTES.put("V", (gw, session, msg) -> {
            for (String level : gw.marketData.snapshot(gw.book(msg.get(55)))) {
                session.send("35=W|270=" + level + "|");
            }
        });
        ROUTES.put("h", (gw, session, msg) -> {
            Map<String, String> state = new LinkedHashMap<>();
            state.put("symbol", msg.get(55));
            state.put("phase", msg.get(340));
            gw.marketData.publishState(state);
        });
        ROUTES.put("AP", (gw, session, msg) -> gw.risk.onPositionReport(msg.get(58)));
    }

    private final FixDecoder decoder = new FixDecoder();
    private final Map<String, OrderBook> books;
    private final RiskChecker risk;
    private final MarketDataPublisher marketData;
    private final EngineConfig config;
    private final Path journalDir;
    private final Map<String, Integer> messagesBySession = new HashMap<>();
    private final Map<String, SessionSettings> sessions = new HashMap<>();
    private final BinaryOrder flyweight = new BinaryOrder();
    private long volume;
    private long orderIds;
    private long rejects;
    private volatile boolean closed;

    public SessionGateway(Map<String, OrderBook> books, RiskChecker risk, MarketDataPublisher marketData,
                          EngineConfig config, Path journalDir) {
        this.books = books;
        this.risk = risk;
        this.marketData = marketData;
        this.config = config;
        this.journalDir = journalDir;
    }

    OrderBook book(String symbol) {
        OrderBook book = books.get(symbol);
        if (book == null) {
            throw new FixDecodeException("unknown symbol " + symbol);
        }
        return book;
    }

    @Override
    public void onMessage(Session session, String raw) throws IOException {
        messagesBySession.merge(sessionKey(session.senderCompId(), session.targetCompId()), 1, Integer::sum);
        FixMessage msg;
        try {
            msg = decoder.decode(raw);
        } catch (FixDecodeException e) {
            String reason = e.getMessage();
            long refSeq = ++rejects;
            session.send(String.format("35=3|45=%s|58=%s|", refSeq, reason));
            return;
        }
        Route route = ROUTES.get(msg.msgType());
        if (route == null) {
            session.send("35=j|58=unsupported message type|");
            return;
        }
        route.handle(this, session, msg);
    }

    /** Sessions are counted per firm: the SenderCompID up to its first '.', then the target. */
    static String sessionKey(String senderCompId, String targetCompId) {
        String sender = senderCompId == null ? "" : senderCompId;
        int dot = sender.indexOf('.');
        StringBuilder key = new StringBuilder(32);
        if (dot > 0) {
            key.append(sender.substring(0, dot));
        } else {
            key.append(sender);
        }
        return key.append('>').append(targetCompId).toString();
    }

    void newOrder(Session session, NewOrderSingle nos) throws IOException {
        String clOrdId = nos.clOrdId;
        String symbol = nos.symbol;
        Order.Side side = nos.side;
        long ticks = nos.priceTicks;
        Order order = new Order(++orderIds, clOrdId, nos.account, symbol, side, ticks, nos.qty, System.nanoTime());
        try {
            risk.check(order);
        } catch (RiskRejectException e) {
            Map<Integer, String> body = new LinkedHashMap<>();
            body.put(11, clOrdId);
            body.put(39, "8");
            body.put(58, e.getMessage());
            session.send(FixDecoder.encode("8", body));
            return;
        }
        OrderBook book = book(symbol);
        List<Fill> fills = book.submit(order);
        for (String report : executionReports(clOrdId, fills)) {
            session.send(report);
        }
        marketData.onBookChange(book, side, ticks, order.remainingQty());
        if (!fills.isEmpty()) {
            Fill last = fills.get(fills.size() - 1);
            for (Fill f : fills) {
                volume += f.qty();
            }
            Map<String, String> stats = new LinkedHashMap<>();
            stats.put("symbol", symbol);
            stats.put("last", Long.toString(last.price()));
            stats.put("volume", Long.toString(volume));
            marketData.publishStatistics(stats);
        }
    }

    List<String> executionReports(String clOrdId, List<Fill> fills) {
        List<String> reports = new ArrayList<>();
        for (Fill f : fills) {
            reports.add(executionReport(clOrdId, f));
        }
        return reports;
    }

    private static String executionReport(String clOrdId, Fill f) {
        Map<Integer, String> body = new LinkedHashMap<>();
        body.put(11, clOrdId);
        body.put(17, f.execId());
        body.put(31, Long.toString(f.price()));
        body.put(32, Long.toString(f.qty()));
        return FixDecoder.encode("8", body);
    }

    /** ResendRequest (35=2): replays the session's journal. Every member sends one after each reconnect. */
    byte[] replayJournal(String senderCompId) throws IOException {
        Path journal = journalDir.resolve(senderCompId + ".journal");
        try (InputStream in = Files.newInputStream(journal);
             ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new IOException("cannot replay " + journal + " for " + senderCompId, e);
        }
    }

    /**
     * TCP fallback for members without the framework's transport: one blocking reader per connection, reading
     * for as long as the connection lives and handing each complete '\n'-terminated message to onMessage.
     */
    public void pump(Session session, InputStream in) throws IOException {
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        while (!closed) {
            byte[] chunk = new byte[2048];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            pending.write(chunk, 0, n);
            drainLines(session, pending);
        }
    }

    private void drainLines(Session session, ByteArrayOutputStream pending) throws IOException {
        byte[] bytes = pending.toByteArray();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                onMessage(session, new String(bytes, start, i - start, StandardCharsets.US_ASCII));
                start = i + 1;
            }
        }
        pending.reset();
        pending.write(bytes, start, bytes.length - start);
    }

    /** Binary order entry: the framework calls this for every binary frame, on the same event loop. */
    public final MessageHandler<byte[]> binaryHandler = (session, frame) -> {
        BinaryOrder o = decoder.decodeBinary(frame, 0, flyweight);
        session.send("35=8|34=" + o.seqNum() + "|38=" + o.qty() + "|39=0|");
    };

    public void close() {
        closed = true;
    }

    public EngineConfig config() {
        return config;
    }

    /**
     * NewOrderSingle (35=D) bound from the decoded fields by {@link FixDecoder#bindTo}; one per new order. Prices
     * arrive as decimal text with at most two decimals and are kept in ticks of 0.01.
     */
    public static final class NewOrderSingle {
        final String clOrdId;
        final String account;
        final String symbol;
        final Order.Side side;
        final long priceTicks;
        final long qty;

        public NewOrderSingle(FixMessage msg) {
            this.clOrdId = msg.get(11);
            this.account = msg.get(1);
            this.symbol = msg.get(55);
            this.side = "1".equals(msg.get(54)) ? Order.Side.BUY : Order.Side.SELL;
            String px = msg.get(44);
            int dot = px.indexOf('.');
            if (dot < 0) {
                this.priceTicks = Long.parseLong(px) * 100;
            } else {
                long units = Long.parseLong(px.substring(0, dot));
                int cents = (px.charAt(dot + 1) - '0') * 10 + (dot + 2 < px.length() ? px.charAt(dot + 2) - '0' : 0);
                this.priceTicks = units * 100 + cents;
            }
            this.qty = Long.parseLong(msg.get(38));
        }
    }
}
