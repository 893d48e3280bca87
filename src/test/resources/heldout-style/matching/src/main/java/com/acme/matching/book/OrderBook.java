package com.acme.matching.book;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Price-time priority limit order book for one symbol. Single-threaded: the gateway's event loop owns it.
 */
public class OrderBook {

    /** Single-letter side codes for the text feed, in {@link Order.Side} ordinal order. */
    static final List<String> SIDE_CODES;

    static {
        List<Order.Side> sides = Arrays.asList(Order.Side.values());
        List<String> codes = sides.stream().map(s -> s.name().substring(0, 1)).collect(Collectors.toList());
        SIDE_CODES = Collections.unmodifiableList(codes);
    }

    @FunctionalInterface
    interface ExecIdFormatter {
        String format(String symbol, String sessionDate, long seq);
    }

    /** Exec ids are SYMBOL-YYYYMMDD-seq; one is made for every fill. */
    private static final ExecIdFormatter EXEC_IDS =
            (String sym, String date, long seq) -> String.format("%s-%s-%s", sym, date, seq);

    private final String symbol;
    private final String sessionDate;
    private final NavigableMap<Long, PriceLevel> bids = new TreeMap<>(Comparator.reverseOrder());
    private final NavigableMap<Long, PriceLevel> asks = new TreeMap<>();
    private final Map<Long, Order> byId = new HashMap<>();
    private long execSeq;
    private boolean halted;
    private String haltReason;

    public OrderBook(String symbol, String sessionDate) {
        this.symbol = symbol;
        this.sessionDate = sessionDate;
    }

    public String symbol() {
        return symbol;
    }

    /** Entry point for every new order routed to this book. */
    public List<Fill> submit(Order incoming) {
        if (halted) {
            throw new IllegalStateException("book " + symbol + " halted: " + haltReason);
        }
        List<Fill> fills = new ArrayList<>();
        try {
            match(incoming, fills);
            if (!incoming.isFilled()) {
                rest(incoming);
            }
        } catch (RuntimeException e) {
            halted = true;
            String clOrdId = incoming.clOrdId();
            haltReason = String.format("matching failed for %s on %s", clOrdId, symbol);
            throw e;
        }
        return fills;
    }

    private void match(Order incoming, List<Fill> fills) {
        NavigableMap<Long, PriceLevel> opposite = incoming.side() == Order.Side.BUY ? asks : bids;
        while (!incoming.isFilled() && !opposite.isEmpty()) {
            Map.Entry<Long, PriceLevel> best = opposite.firstEntry();
            long px = best.getKey();
            if (!crosses(incoming, px)) {
                break;
            }
            PriceLevel level = best.getValue();
            while (!incoming.isFilled() && !level.isEmpty()) {
                Order maker = level.head();
                long qty = Math.min(maker.remainingQty(), incoming.remainingQty());
                maker.fill(qty);
                incoming.fill(qty);
                level.reduce(qty);
                String execId = EXEC_IDS.format(symbol, sessionDate, ++execSeq);
                fills.add(new Fill(execId, maker.orderId(), incoming.orderId(), px, qty));
                if (maker.isFilled()) {
                    level.pop();
                    byId.remove(maker.orderId());
                }
            }
            long lvlQty = level.totalQty();
            assert lvlQty >= 0 : String.format("negative qty at %s on %s: %s", px, symbol, lvlQty);
            if (level.isEmpty()) {
                opposite.pollFirstEntry();
            }
        }
    }

    private static boolean crosses(Order incoming, long px) {
        return incoming.side() == Order.Side.BUY ? incoming.price() >= px : incoming.price() <= px;
    }

    private void rest(Order o) {
        NavigableMap<Long, PriceLevel> own = o.side() == Order.Side.BUY ? bids : asks;
        own.computeIfAbsent(o.price(), PriceLevel::new).add(o);
        byId.put(o.orderId(), o);
        if (!bids.isEmpty() && !asks.isEmpty()) {
            long bestBid = bids.firstKey();
            long bestAsk = asks.firstKey();
            if (bestBid >= bestAsk) {
                throw new IllegalStateException("crossed book on " + symbol + ": bid " + bestBid + " >= ask " + bestAsk);
            }
        }
    }

    public boolean cancel(long orderId) {
        Order o = byId.remove(orderId);
        if (o == null) {
            return false;
        }
        NavigableMap<Long, PriceLevel> own = o.side() == Order.Side.BUY ? bids : asks;
        PriceLevel level = own.get(o.price());
        level.remove(o);
        if (level.isEmpty()) {
            own.remove(o.price());
        }
        return true;
    }

    /** Mass cancel, sent by a member's risk desk or by the gateway when a session drops. */
    public List<Long> cancelAll(String account) {
        List<Order> mine = byId.values().stream()
                .filter(o -> account.equals(o.account()))
                .collect(Collectors.toList());
        List<Long> ids = new ArrayList<>();
        for (Order o : mine) {
            ids.add(o.orderId());
            cancel(o.orderId());
        }
        return ids;
    }

    /** Called by the market-data publisher after every book change. */
    public LevelView[] depth(Order.Side side) {
        NavigableMap<Long, PriceLevel> levels = side == Order.Side.BUY ? bids : asks;
        return levels.values().stream().map(l -> l.view()).toArray(LevelView[]::new);
    }

    /** Resting quantity on one side; the risk checker reads it for every market order. */
    public long restingQty(Order.Side side) {
        NavigableMap<Long, PriceLevel> levels = side == Order.Side.BUY ? bids : asks;
        long total = 0;
        for (Long px : levels.keySet()) {
            total += levels.get(px).totalQty();
        }
        return total;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("OrderBook[").append(symbol).append(" bids=");
        for (Long px : bids.keySet()) {
            sb.append(' ').append(px).append('x').append(bids.get(px).totalQty());
        }
        return sb.append(" asks=").append(asks.size()).append(']').toString();
    }

    /** One execution between a resting maker and an incoming taker. */
    public static final class Fill {
        private final String execId;
        private final long makerId;
        private final long takerId;
        private final long price;
        private final long qty;

        Fill(String execId, long makerId, long takerId, long price, long qty) {
            this.execId = execId;
            this.makerId = makerId;
            this.takerId = takerId;
            this.price = price;
            this.qty = qty;
        }

        public String execId() { return execId; }
        public long makerId() { return makerId; }
        public long takerId() { return takerId; }
        public long price() { return price; }
        public long qty() { return qty; }

        @Override
        public boolean equals(Object o) {
            return o instanceof Fill && ((Fill) o).execId.equals(execId) && ((Fill) o).makerId == makerId;
        }

        @Override
        public int hashCode() {
            return Objects.hash(execId, makerId);
        }
    }

    /** Immutable aggregated view of one price level, published as market data. */
    public record LevelView(long price, long qty, int orders) { }

    static final class PriceLevel {
        private final long price;
        private final ArrayDeque<Order> queue = new ArrayDeque<>();
        private long totalQty;

        PriceLevel(long price) {
            this.price = price;
        }

        void add(Order o) {
            queue.addLast(o);
            totalQty += o.remainingQty();
        }

        Order head() { return queue.peekFirst(); }
        void pop() { queue.pollFirst(); }
        void remove(Order o) { queue.remove(o); totalQty -= o.remainingQty(); }
        void reduce(long qty) { totalQty -= qty; }
        boolean isEmpty() { return queue.isEmpty(); }
        long totalQty() { return totalQty; }

        LevelView view() {
            return new LevelView(price, totalQty, queue.size());
        }
    }
}
