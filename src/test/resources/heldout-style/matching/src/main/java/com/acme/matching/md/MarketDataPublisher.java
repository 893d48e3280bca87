package com.acme.matching.md;

import com.acme.matching.book.Order;
import com.acme.matching.book.OrderBook;
import com.acme.matching.book.OrderBook.LevelView;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Publishes book changes: a binary incremental frame on the members' multicast channel and a pipe-delimited
 * line on the public ticker. One instance per channel, driven by the gateway's event loop.
 */
public class MarketDataPublisher {

    /** Transport: the multicast sender or the ticker plant's socket. */
    public interface Channel {
        void send(byte[] frame, int length) throws IOException;

        void sendText(String topic, String line, String... headers) throws IOException;
    }

    /** "MDH1". */
    static final int HEARTBEAT_MAGIC = 0x4D444831;

    /** Heartbeat frames never change: magic then zero padding. */
    private static final byte[] HEARTBEAT = new byte[8];

    static {
        int v = HEARTBEAT_MAGIC;
        int p = 0;
        HEARTBEAT[p] = (byte) (v >>> 24);
        HEARTBEAT[p + 1] = (byte) (v >>> 16);
        HEARTBEAT[p + 2] = (byte) (v >>> 8);
        HEARTBEAT[p + 3] = (byte) v;
    }

    private final Channel channel;
    private final String channelName;
    private final String topic;
    private final Map<String, String> headerFields = new LinkedHashMap<>();
    private final byte[] frame = new byte[64];
    private long seq;
    private String lastError;

    public MarketDataPublisher(Channel channel, String channelName, String venue) {
        this.channel = channel;
        this.channelName = channelName;
        this.topic = "md." + venue.toLowerCase();
        headerFields.put("venue", venue);
        headerFields.put("channel", channelName);
    }

    /** Called by the gateway after every order that changed a book: acks, fills, cancels. */
    public void onBookChange(OrderBook book, Order.Side side, long price, long qty) {
        long s = ++seq;
        int p = 0;
        frame[p] = (byte) (s >>> 56);
        frame[p + 1] = (byte) (s >>> 48);
        frame[p + 2] = (byte) (s >>> 40);
        frame[p + 3] = (byte) (s >>> 32);
        frame[p + 4] = (byte) (s >>> 24);
        frame[p + 5] = (byte) (s >>> 16);
        frame[p + 6] = (byte) (s >>> 8);
        frame[p + 7] = (byte) s;
        frame[8] = side == Order.Side.BUY ? (byte) 'B' : (byte) 'S';

        String symbol = book.symbol();
        char sideCode = side == Order.Side.BUY ? 'B' : 'S';
        String line = String.format("%s|%s|%s|%s|%s", symbol, sideCode, price, qty, s);
        String[] headers = headerFields.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        try {
            channel.send(frame, 9);
            channel.sendText(topic, line, headers);
        } catch (IOException e) {
            lastError = String.format("send failed on %s at seq %s", channelName, s);
        }
    }

    public void heartbeat() throws IOException {
        channel.send(HEARTBEAT, HEARTBEAT.length);
    }

    /** Answers a snapshot request from a late-joining subscriber. */
    public List<String> snapshot(OrderBook book) {
        LevelView[] bidLevels = book.depth(Order.Side.BUY);
        List<LevelView> levels = Arrays.asList(bidLevels);
        List<String> lines = levels.stream().map(l -> render(l)).collect(Collectors.toList());
        return lines;
    }

    private static String render(LevelView level) {
        return level.price() + "x" + level.qty() + "/" + level.orders();
    }

    /** Trading statistics go out after every trade, in the ticker plant's column layout. */
    public void publishStatistics(Map<String, String> stats) throws IOException {
        channel.sendText(topic + ".stats", String.valueOf(seq), columnar(stats));
    }

    /** All field names first, then all values. */
    static String[] columnar(Map<String, String> stats) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : stats.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    /** Session-state changes (auction, halt, resume) are sent on each transition of any symbol. */
    public void publishState(Map<String, String> state) throws IOException {
        String[] columns = Stream.concat(state.keySet().stream(), state.values().stream()).toArray(String[]::new);
        channel.sendText(topic + ".state", String.valueOf(seq), columns);
    }

    public String lastError() {
        return lastError;
    }

    @Override
    public String toString() {
        String headers = Arrays.toString(
                Stream.concat(headerFields.keySet().stream(), headerFields.values().stream()).toArray(String[]::new));
        return "MarketDataPublisher[" + channelName + " seq=" + seq + " headers=" + headers + "]";
    }
}
