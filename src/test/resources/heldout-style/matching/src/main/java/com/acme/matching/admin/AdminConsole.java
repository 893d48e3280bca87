package com.acme.matching.admin;

import com.acme.matching.book.Order;
import com.acme.matching.book.OrderBook;
import com.acme.matching.book.OrderBook.LevelView;
import com.acme.matching.config.EngineConfig;
import com.acme.matching.framework.MessageHandler;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Operations console. The engine serves it on the ops socket: every line an operator (or the ops dashboard, which
 * polls "books" every second) sends is one command, answered with text.
 */
public class AdminConsole implements MessageHandler<String> {

    static final String HELP = String.format("commands:%n  %s%n  %s%n  %s", "books", "depth <symbol>", "help");

    private final Map<String, OrderBook> books;

    public AdminConsole(Map<String, OrderBook> books) {
        this.books = books;
    }

    /** The framework calls this for every line received on the ops socket. */
    @Override
    public void onMessage(Session session, String line) {
        session.send(handle(line));
    }

    /** One command line from the ops socket. */
    public String handle(String line) {
        String[] parts = line.trim().split("\\s+");
        switch (parts[0]) {
            case "books":
                return listBooks();
            case "depth":
                return depth(parts[1]);
            case "help":
                return HELP;
            default:
                throw new IllegalArgumentException("unknown command '" + parts[0] + "'; try help");
        }
    }

    private String listBooks() {
        StringBuilder sb = new StringBuilder();
        for (String symbol : books.keySet()) {
            OrderBook book = books.get(symbol);
            long bid = book.restingQty(Order.Side.BUY);
            long ask = book.restingQty(Order.Side.SELL);
            sb.append(String.format("%s bid=%s ask=%s%n", symbol, bid, ask));
        }
        return sb.toString();
    }

    private String depth(String symbol) {
        OrderBook book = books.get(symbol);
        if (book == null) {
            return "no book for " + symbol;
        }
        List<LevelView> levels = Arrays.asList(book.depth(Order.Side.BUY));
        String[] rows = levels.stream().map(l -> l.price() + " " + l.qty() + " (" + l.orders() + ")").toArray(String[]::new);
        return String.join("\n", rows);
    }

    /** Local console against an empty engine, for trying commands out: java AdminConsole engine.properties */
    public static void main(String[] args) throws Exception {
        EngineConfig config = EngineConfig.load(Paths.get(args[0]), args);
        Map<String, OrderBook> books = config.enabledSymbols().stream()
                .collect(Collectors.toMap(s -> s, s -> new OrderBook(s, "19700101")));
        AdminConsole console = new AdminConsole(books);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String command = line.replaceAll("#.*$", "");
            if (!command.isBlank()) {
                System.out.println(console.handle(command));
            }
        }
    }
}
