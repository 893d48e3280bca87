package com.acme.chat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

/** Operator commands typed on the server's console. Runs on its own thread until "quit". */
public class AdminConsole implements Runnable {

    public static final class UnknownCommandException extends RuntimeException {
        public UnknownCommandException(String message) {
            super(message);
        }
    }

    private static final String HELP = String.format("commands:%n  %s%n  %s%n  %s%n  %s%n  %s",
            "kick <user> <room>", "mute <user> <minutes>", "block <word>", "stats", "quit");

    private final MessageRouter router;
    private final RateLimiter limiter;
    private final ModerationFilter moderation;
    private final Map<String, Long> counters;
    private final BufferedReader in;
    private final PrintStream out;

    public AdminConsole(MessageRouter router, RateLimiter limiter, ModerationFilter moderation,
            Map<String, Long> counters, BufferedReader in, PrintStream out) {
        this.router = router;
        this.limiter = limiter;
        this.moderation = moderation;
        this.counters = counters;
        this.in = in;
        this.out = out;
    }

    @Override
    public void run() {
        out.println(HELP);
        try {
            String line;
            while ((line = in.readLine()) != null) {
                String command = line.trim();
                if (command.isEmpty()) {
                    continue;
                }
                if (command.equals("quit")) {
                    break;
                }
                try {
                    execute(command);
                } catch (RuntimeException e) {
                    out.println("error: " + e.getMessage());
                }
            }
        } catch (IOException e) {
            out.println("console closed: " + e);
        }
    }

    void execute(String command) {
        String[] parts = command.split(" ");
        String name = parts[0];
        switch (name) {
            case "kick" -> router.kick(parts[1], parts[2]);
            case "mute" -> limiter.mute(parts[1], System.currentTimeMillis() + Integer.parseInt(parts[2]) * 60_000L);
            case "block" -> moderation.block(parts[1]);
            case "stats" -> printStats();
            case "help" -> out.println(HELP);
            default -> throw new UnknownCommandException(String.format("unknown command %s, try help", name));
        }
    }

    private void printStats() {
        out.println("rooms: " + router.roomCount());
        for (String counter : counters.keySet()) {
            out.println(counter + "\t" + counters.get(counter));
        }
    }
}
