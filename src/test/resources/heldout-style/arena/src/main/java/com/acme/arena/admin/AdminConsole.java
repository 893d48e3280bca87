package com.acme.arena.admin;

import com.acme.arena.match.Leaderboard;
import com.acme.arena.match.Matchmaker;
import com.acme.arena.net.PacketCodec;
import com.acme.arena.session.SessionRegistry;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Operator commands, one line each, from the admin socket. The ops dashboard polls {@code stats}
 * and {@code queues} every second on every server; people type the rest.
 */
public final class AdminConsole {

    /** A console command; {@code args[0]} is the command's name. */
    @FunctionalInterface
    public interface Command {
        String run(String[] args);
    }

    private static final String PRODUCT = "arena";
    private static final String BANNER = String.format("%s admin console, protocol v%s", PRODUCT, PacketCodec.VERSION);
    private static final int AUDIT_LINES = 500;

    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final Map<String, String> usage = new HashMap<>();
    private final Deque<String> audit = new ArrayDeque<>();

    public AdminConsole(SessionRegistry sessions, Matchmaker matchmaker, Leaderboard leaderboard, LongSupplier ticks) {
        register("stats", "", args -> {
            long tick = ticks.getAsLong();
            int online = sessions.count();
            int regions = sessions.regionsOnline().size();
            int queued = matchmaker.queued();
            return String.format("tick %s: %s online in %s regions, %s queued", tick, online, regions, queued);
        });
        register("queues", "", args -> {
            Map<String, Integer> depths = matchmaker.queueDepths();
            StringBuilder sb = new StringBuilder();
            for (String region : depths.keySet()) {
                sb.append(region).append('=').append(depths.get(region)).append(' ');
            }
            return sb.toString().trim();
        });
        register("who", "", args -> String.join(", ", sessions.names()));
        register("top", "<n>", args -> leaderboard.render(Integer.parseInt(args[1])));
        register("kick", "<playerId>", args -> {
            long playerId = Long.parseLong(args[1]);
            boolean kicked = sessions.kick(playerId);
            return kicked ? "player " + playerId + " kicked" : "player " + playerId + " was not online";
        });
        register("packets", "", args -> PacketCodec.OPCODE_BY_NAME.toString());
        register("audit", "", args -> {
            synchronized (audit) {
                return String.join("\n", audit);
            }
        });
    }

    public String banner() {
        return BANNER;
    }

    private void register(String name, String argsUsage, Command command) {
        commands.put(name, command);
        usage.put(name, argsUsage);
    }

    /** Called for every line the admin socket receives. */
    public String execute(String line) {
        String[] args = line.strip().split("\\s+");
        String name = args[0];
        Command command = commands.get(name);
        if (command == null) {
            return "unknown command " + name + "; try: " + String.join(" ", commands.keySet());
        }
        try {
            return command.run(args);
        } catch (RuntimeException e) {
            String detail = e.getMessage();
            String expected = usage.get(name);
            return name + " failed (" + detail + "); usage: " + name + " " + expected;
        }
    }

    /** Records something an operator should see with the "audit" command. */
    public void audit(String entry) {
        synchronized (audit) {
            audit.addLast(entry);
            if (audit.size() > AUDIT_LINES) {
                audit.removeFirst();
            }
        }
    }
}
