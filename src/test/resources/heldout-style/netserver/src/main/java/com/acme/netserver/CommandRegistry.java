package com.acme.netserver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Routes command names to handlers. Applications register their routes before the server
 * starts; {@link #parse} and {@link #route} then run for every message.
 *
 * <p>A command is {@code [namespace:]name[@version] arg...}; names without a namespace are
 * looked up among the built-ins, then in {@value #DEFAULT_NAMESPACE}.
 */
public final class CommandRegistry {
    public static final String DEFAULT_NAMESPACE = "app";
    public static final String SYSTEM_NAMESPACE = "sys";

    /** Commands every server answers, whatever the application registers. */
    public static final List<String> BUILTIN_COMMANDS = Arrays.asList("ping", "help", "stats", "whoami");
    /** One-letter shortcuts of the built-ins, {@code h} for {@code help}, in the same order. */
    private static final String[] BUILTIN_SHORTCUTS = BUILTIN_COMMANDS.stream().map(c -> c.substring(0, 1)).toArray(String[]::new);
    /** {@code sys:ping} and friends: applications may not register these. */
    static final Set<String> SYSTEM_QUALIFIED;
    /** Usage lines of the built-ins, as HELP shows them. */
    static final List<String> BUILTIN_USAGE;

    static {
        Set<String> qualified = BUILTIN_COMMANDS.stream().map(c -> SYSTEM_NAMESPACE + ":" + c).collect(Collectors.toSet());
        SYSTEM_QUALIFIED = Collections.unmodifiableSet(qualified);
        List<String> usage = new ArrayList<>();
        for (String command : BUILTIN_COMMANDS) {
            usage.add(command + "  (built in)");
        }
        BUILTIN_USAGE = usage;
    }

    private final Map<RouteKey, Route> routes = new ConcurrentHashMap<>();

    public CommandRegistry() {
        builtin("ping", (message, context) -> "pong");
        builtin("help", (message, context) -> helpLines());
        builtin("stats", (message, context) -> context.metrics().snapshot());
        builtin("whoami", (message, context) -> context.principal());
    }

    private void builtin(String name, MessageHandler handler) {
        String usage = BUILTIN_USAGE.get(BUILTIN_COMMANDS.indexOf(name));
        routes.put(new RouteKey(SYSTEM_NAMESPACE, name), new Route(usage, "user", 1, handler));
    }

    /**
     * Registers {@code usage} ("ns:name &lt;arg&gt; ..."), callable by connections holding
     * {@code role}. Call before the server starts.
     */
    public CommandRegistry register(String usage, String role, MessageHandler handler) {
        return register(usage, role, 1, handler);
    }

    public CommandRegistry register(String usage, String role, int version, MessageHandler handler) {
        int space = usage.indexOf(' ');
        String qualified = space < 0 ? usage : usage.substring(0, space);
        if (SYSTEM_QUALIFIED.contains(qualified)) {
            throw new IllegalArgumentException("reserved command: " + qualified);
        }
        int colon = qualified.indexOf(':');
        RouteKey key = colon < 0
                ? new RouteKey(DEFAULT_NAMESPACE, qualified)
                : new RouteKey(qualified.substring(0, colon), qualified.substring(colon + 1));
        if (routes.putIfAbsent(key, new Route(usage, role, version, handler)) != null) {
            throw new IllegalStateException("route registered twice: " + qualified);
        }
        return this;
    }

    /** Splits one command line. Runs for every message. */
    Parsed parse(String line) {
        String[] words = line.trim().split("\\s+");
        String head = words[0].toLowerCase(Locale.ROOT);
        if (head.length() == 1) {
            for (int i = 0; i < BUILTIN_SHORTCUTS.length; i++) {
                if (BUILTIN_SHORTCUTS[i].equals(head)) {
                    head = BUILTIN_COMMANDS.get(i);
                }
            }
        }
        List<String> rest = Arrays.asList(words).subList(1, words.length);
        String[] args = rest.stream().map(CommandRegistry::unquote).toArray(String[]::new);
        return new Parsed(head, args);
    }

    /** The route for a parsed, validated command, or null. Runs for every message. */
    Route route(Parsed parsed) {
        String name = parsed.name();
        int at = name.indexOf('@');
        int version = 1;
        if (at >= 0) {
            version = Integer.parseInt(name.substring(at + 1, name.length()));
            name = name.substring(0, at);
        }
        int colon = name.indexOf(':');
        RouteKey key;
        if (colon >= 0) {
            key = new RouteKey(name.substring(0, colon), name.substring(colon + 1));
        } else if (BUILTIN_COMMANDS.contains(name)) {
            key = new RouteKey(SYSTEM_NAMESPACE, name);
        } else {
            key = new RouteKey(DEFAULT_NAMESPACE, name);
        }
        Route route = routes.get(key);
        return route == null || version > route.version ? null : route;
    }

    /** The HELP answer: one line per route, built-ins included. Runs for every HELP message. */
    public List<String> helpLines() {
        Collection<Route> all = routes.values();
        List<String> lines = new ArrayList<>();
        for (Route route : all) {
            lines.add(route.usage + "  [" + route.role + "]");
        }
        return lines;
    }

    private static String unquote(String word) {
        int last = word.length() - 1;
        if (last > 0 && word.charAt(0) == '"' && word.charAt(last) == '"') {
            return word.substring(1, last);
        }
        return word;
    }

    /** A command line split into its name and arguments. */
    static final class Parsed {
        private final String name;
        private final String[] args;

        Parsed(String name, String[] args) {
            this.name = name;
            this.args = args;
        }

        String name() {
            return name;
        }

        List<String> args() {
            return Arrays.asList(args);
        }
    }

    /** A registered handler and what a caller needs to use it. */
    public static final class Route {
        private final String usage;
        private final String role;
        private final int version;
        private final MessageHandler handler;

        Route(String usage, String role, int version, MessageHandler handler) {
            this.usage = usage;
            this.role = role;
            this.version = version;
            this.handler = handler;
        }

        public String role() {
            return role;
        }

        public MessageHandler handler() {
            return handler;
        }
    }

    private static final class RouteKey {
        private final String namespace;
        private final String name;

        RouteKey(String namespace, String name) {
            this.namespace = namespace;
            this.name = name;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof RouteKey)) {
                return false;
            }
            RouteKey other = (RouteKey) o;
            return namespace.equals(other.namespace) && name.equals(other.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(namespace, name);
        }
    }
}
