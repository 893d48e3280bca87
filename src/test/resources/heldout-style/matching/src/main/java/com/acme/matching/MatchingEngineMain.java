package com.acme.matching;

import com.acme.matching.book.OrderBook;
import com.acme.matching.config.EngineConfig;
import com.acme.matching.framework.MessageHandler;
import com.acme.matching.gateway.SessionGateway;
import com.acme.matching.md.MarketDataPublisher;
import com.acme.matching.risk.RiskChecker;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Starts one matching engine instance: config, books, risk, market data, then the order-entry gateway. */
public final class MatchingEngineMain {

    private MatchingEngineMain() {
    }

    public static void main(String[] args) throws Exception {
        Path configFile = Paths.get(args.length > 0 ? args[0] : "engine.properties");
        EngineConfig config = EngineConfig.load(configFile, args);

        // Keep the exact file this instance started with, for the post-trade audit.
        File started = new File(configFile + ".started");
        try (InputStream in = new FileInputStream(configFile.toFile());
             OutputStream out = new FileOutputStream(started)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }

        String sessionDate = config.get("session.date", "19700101");
        List<String> symbols = new ArrayList<>(config.enabledSymbols());
        Map<String, OrderBook> books = symbols.stream()
                .collect(Collectors.toMap(s -> s, s -> new OrderBook(s, sessionDate)));
        int bookCount = books.size();
        System.out.println(String.format("matching engine up: %s books for %s", bookCount, sessionDate));
        List<String> topics = symbols.stream().map(s -> "md." + s.toLowerCase()).collect(Collectors.toList());
        System.out.println("market data topics: " + topics);

        RiskChecker risk = new RiskChecker(books, config.getInt("risk.firm.limit", 1_000_000_000));
        MarketDataPublisher marketData = new MarketDataPublisher(new StdoutChannel(), "A", config.get("venue", "XACM"));
        Path journalDir = Paths.get(config.get("journal.dir", "journal"));
        SessionGateway gateway = new SessionGateway(books, risk, marketData, config, journalDir);
        gateway.pump(new ConsoleSession(), System.in);
    }

    /** Development transport: market data to stdout. */
    static final class StdoutChannel implements MarketDataPublisher.Channel {
        @Override
        public void send(byte[] frame, int length) {
            System.out.println("frame " + length + " bytes");
        }

        @Override
        public void sendText(String topic, String line, String... headers) {
            System.out.println(topic + " " + line);
        }
    }

    /** Development transport: one session on stdin/stdout. */
    static final class ConsoleSession implements MessageHandler.Session {
        @Override
        public String senderCompId() {
            return "CONSOLE.1";
        }

        @Override
        public String targetCompId() {
            return "XACM";
        }

        @Override
        public void send(String message) {
            System.out.println(message);
        }

        @Override
        public void sendBinary(byte[] payload) {
            System.out.println(payload.length + " bytes replayed");
        }

        @Override
        public void close(String reason) {
            System.out.println("closed: " + reason);
        }
    }
}
