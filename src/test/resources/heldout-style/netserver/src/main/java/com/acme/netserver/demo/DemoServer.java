package com.acme.netserver.demo;

import com.acme.netserver.CommandRegistry;
import com.acme.netserver.MessageHandler;
import com.acme.netserver.MetricsReporter;
import com.acme.netserver.NetServer;
import com.acme.netserver.ProtocolException;
import com.acme.netserver.ResponseFormatter;
import com.acme.netserver.ServerOptions;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Starts a server with a few demo commands:
 * {@code java com.acme.netserver.demo.DemoServer --listen=127.0.0.1:7070 --docs=./docs}.
 */
public final class DemoServer {

    private DemoServer() {
    }

    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = ServerOptions.DEFAULT_PORT;
        Path docRoot = Paths.get("docs");
        for (String arg : args) {
            if (arg.startsWith("--listen=")) {
                int colon = arg.lastIndexOf(':');
                host = arg.substring("--listen=".length(), colon);
                port = Integer.parseInt(arg.substring(colon + 1, arg.length()));
            } else if (arg.startsWith("--docs=")) {
                docRoot = Paths.get(arg.substring("--docs=".length()));
            } else {
                System.err.println("ignoring unknown option " + arg);
            }
        }

        String userSpec = System.getProperty("demo.users", "alice:admin, bob:user, carol:user");
        List<String> entries = Arrays.asList(userSpec.split(",\\s*"));
        List<String> names = entries.stream().map(e -> e.substring(0, e.indexOf(':'))).collect(Collectors.toList());

        int instanceId = Objects.hash(host, port);
        ServerOptions.Builder builder = ServerOptions.builder()
                .host(host)
                .port(port)
                .instanceId(instanceId)
                .tokenSecret(System.getProperty("demo.secret", "change-me"))
                .tag("demo", "true");
        for (String entry : entries) {
            int colon = entry.indexOf(':');
            builder.user(entry.substring(0, colon), entry.substring(colon + 1));
        }
        ServerOptions options = builder.admin("root").build();

        // message of the day, answered by demo:motd
        ByteArrayOutputStream motdBytes = new ByteArrayOutputStream();
        Path motdFile = docRoot.resolve("motd.txt");
        if (Files.exists(motdFile)) {
            try (InputStream in = Files.newInputStream(motdFile)) {
                byte[] buffer = new byte[4096];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    motdBytes.write(buffer, 0, n);
                }
            }
        }
        String motd = motdBytes.toString(StandardCharsets.UTF_8);

        CommandRegistry registry = new CommandRegistry();
        registry.register("demo:motd", "user", (message, context) -> motd);
        registry.register("demo:echo <text...>", "user", (message, context) -> {
            String who = context.principal();
            String text = String.join(" ", message.args());
            return String.format("%s said: %s", who, text);
        });
        registry.register("demo:slug <title...>", "user", (message, context) -> {
            String title = String.join(" ", message.args()).toLowerCase(Locale.ROOT);
            return title.replaceAll("[^a-z0-9]+", "-");
        });
        registry.register("demo:tags <tag...>", "user", (message, context) -> {
            List<String> words = message.args();
            Set<String> tags = words.stream().map(w -> w.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
            return new TreeSet<>(tags);
        });
        registry.register("demo:lengths <word...>", "user", new WordLengths());
        registry.register("demo:quota", "user", new QuotaHandler(100));
        registry.register("demo:roles", "user", (message, context) -> {
            ResponseFormatter.Table table = new ResponseFormatter.Table("role", "user").sortBy("role");
            for (String role : context.roles()) {
                table.row(role, context.principal());
            }
            return table;
        });
        Path root = docRoot.toAbsolutePath().normalize();
        registry.register("demo:cat <file>", "admin", new MessageHandler() {
            @Override
            public Object onMessage(Message message, Context context) throws Exception {
                Path file = root.resolve(message.arg(0)).normalize();
                if (!file.startsWith(root)) {
                    throw new ProtocolException(403, "outside the document root: " + message.arg(0));
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (InputStream in = Files.newInputStream(file)) {
                    byte[] buffer = new byte[8192];
                    int n;
                    while ((n = in.read(buffer)) != -1) {
                        out.write(buffer, 0, n);
                    }
                }
                return out.toString(StandardCharsets.UTF_8);
            }
        });

        MetricsReporter metrics = new MetricsReporter();
        NetServer server = new NetServer(options, registry, metrics);
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            metrics.dump(System.out);
        }));
        Thread loop = new Thread(server::run, "netserver-loop");
        loop.start();

        String userList = String.join(", ", names);
        System.out.println(String.format("demo server on %s:%s for %s", host, port, userList));
        Map<String, String> caps = options.capabilities();
        for (String key : caps.keySet()) {
            System.out.println("  " + key + " = " + caps.get(key));
        }

        // operator console: "stats" prints the totals, "quit" stops the server
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        while (server.isRunning()) {
            byte[] chunk = new byte[256];
            int n = System.in.read(chunk);
            if (n < 0) {
                break;
            }
            console.write(chunk, 0, n);
            String typed = console.toString(StandardCharsets.UTF_8);
            if (!typed.endsWith("\n")) {
                continue;
            }
            console.reset();
            if (typed.trim().equals("quit")) {
                server.close();
            } else if (typed.trim().equals("stats")) {
                metrics.dump(System.out);
            }
        }
        loop.join();
    }

    /** demo:lengths: the length of each argument. */
    static final class WordLengths implements MessageHandler {
        @Override
        public Object onMessage(Message message, Context context) {
            List<String> words = message.args();
            List<String> lengths = new ArrayList<>();
            for (String word : words) {
                lengths.add(word + "=" + word.length());
            }
            return lengths;
        }
    }

    /** demo:quota: calls the caller has left this minute. */
    static final class QuotaHandler implements MessageHandler {
        private final int perMinute;
        private final Map<Bucket, Integer> used = new ConcurrentHashMap<>();

        QuotaHandler(int perMinute) {
            this.perMinute = perMinute;
        }

        @Override
        public Object onMessage(Message message, Context context) {
            long minute = System.currentTimeMillis() / 60_000L;
            int count = used.merge(new Bucket(context.principal(), minute), 1, Integer::sum);
            if (used.size() > 10_000) {
                used.keySet().removeIf(b -> b.minute < minute);
            }
            return Math.max(0, perMinute - count);
        }
    }

    private static final class Bucket {
        private final String user;
        private final long minute;

        Bucket(String user, long minute) {
            this.user = user;
            this.minute = minute;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bucket && ((Bucket) o).minute == minute && ((Bucket) o).user.equals(user);
        }

        @Override
        public int hashCode() {
            return Objects.hash(user, minute);
        }
    }
}
