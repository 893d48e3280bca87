package com.acme.resolver.cli;

import com.acme.resolver.cache.RecordCache;
import com.acme.resolver.metrics.Metrics;
import com.acme.resolver.server.QueryHandler;
import com.acme.resolver.server.UdpServer;
import com.acme.resolver.upstream.UpstreamForwarder;
import com.acme.resolver.upstream.UpstreamForwarder.Upstream;
import com.acme.resolver.wire.DnsMessage;
import com.acme.resolver.wire.DnsMessage.Question;
import com.acme.resolver.wire.DnsMessage.Record;
import com.acme.resolver.wire.MessageCodec;
import com.acme.resolver.wire.RecordType;
import com.acme.resolver.zone.ZoneFileLoader;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/** {@code acme-resolver --listen 53 --upstreams 9.9.9.9,1.1.1.1:53 --zone corp.zone --config resolver.conf} */
public final class ResolverCli {

    private static final String PROG = "acme-resolver";

    private ResolverCli() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help")) {
            String usage = String.format("usage: %s --listen PORT --upstreams HOST[:PORT],... [--zone FILE]...", PROG);
            System.err.println(usage);
            System.exit(2);
        }
        Map<String, String> opts = new LinkedHashMap<>();
        List<String> zoneArgs = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            String key = args[i].startsWith("--") ? args[i].substring(2) : args[i];
            if (key.equals("zone")) {
                zoneArgs.add(args[i + 1]);
            } else {
                opts.put(key, args[i + 1]);
            }
        }

        String configFile = opts.get("config");
        if (configFile != null) {
            String text;
            try (FileInputStream in = new FileInputStream(configFile);
                 ByteArrayOutputStream out = new ByteArrayOutputStream()) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
                text = out.toString("UTF-8");
            }
            Map<String, String> fromFile = new LinkedHashMap<>();
            BufferedReader lines = new BufferedReader(new StringReader(text));
            String line;
            while ((line = lines.readLine()) != null) {
                int eq = line.indexOf('=');
                if (eq > 0 && !line.startsWith("#")) {
                    fromFile.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
                }
            }
            for (String key : fromFile.keySet()) {
                opts.putIfAbsent(key, fromFile.get(key));
            }
        }

        int port = Integer.parseInt(opts.getOrDefault("listen", "53"));
        int cacheSize = Integer.parseInt(opts.getOrDefault("cache-size", "100000"));
        int timeoutMs = Integer.parseInt(opts.getOrDefault("timeout-ms", "1500"));
        int configHash = Objects.hash(port, cacheSize, timeoutMs);

        String[] specs = opts.getOrDefault("upstreams", "9.9.9.9:53").split(",\\s*");
        List<Upstream> upstreams = new ArrayList<>();
        for (String spec : specs) {
            int colon = spec.lastIndexOf(':');
            String host = colon < 0 ? spec : spec.substring(0, colon);
            int upstreamPort = colon < 0 ? 53 : Integer.parseInt(spec.substring(colon + 1, spec.length()));
            upstreams.add(new Upstream(host, upstreamPort));
        }

        String[] effective = opts.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        System.out.println(PROG + " starting (config " + Integer.toHexString(configHash) + "): "
                + String.join(" ", effective));

        Metrics metrics = new Metrics();
        UpstreamForwarder forwarder = new UpstreamForwarder(timeoutMs, metrics);
        for (Upstream u : upstreams) {
            forwarder.addUpstream(u);
        }

        ZoneFileLoader loader = new ZoneFileLoader(opts.getOrDefault("origin", "corp.acme.example"));
        Map<String, List<Record>> zones = new TreeMap<>();
        for (String zoneArg : zoneArgs) {
            Path zone = Paths.get(zoneArg);
            try {
                zones.putAll(ZoneFileLoader.index(loader.load(zone)));
            } catch (ZoneFileLoader.ZoneParseException e) {
                System.err.println(PROG + ": " + zone + ": " + e.getMessage());
                System.exit(1);
            }
        }

        RecordCache cache = new RecordCache(cacheSize, 86_400, 3_600, System::currentTimeMillis);
        QueryHandler handler = new QueryHandler(cache, forwarder, zones, metrics);

        if (opts.containsKey("warm")) {
            // names to resolve once before serving, piped in on stdin
            InputStream stdin = System.in;
            ByteArrayOutputStream names = new ByteArrayOutputStream();
            while (true) {
                byte[] chunk = new byte[4096];
                int n = stdin.read(chunk);
                if (n < 0) {
                    break;
                }
                names.write(chunk, 0, n);
            }
            BufferedReader warm = new BufferedReader(new StringReader(names.toString("UTF-8")));
            InetSocketAddress self = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
            String name;
            while ((name = warm.readLine()) != null) {
                if (name.isBlank()) {
                    continue;
                }
                Question q = new Question(name.trim(), RecordType.A.code, DnsMessage.CLASS_IN);
                DnsMessage query = new DnsMessage(0, DnsMessage.FLAG_RD, List.of(q), List.of(), List.of(), List.of());
                byte[] wire = MessageCodec.encode(query);
                handler.handle(wire, wire.length, self);
            }
        }
        boolean open = Boolean.parseBoolean(opts.getOrDefault("open", "false"));
        UdpServer.AccessPolicy policy = client -> {
            if (open) {
                return true;
            }
            String address = client.getAddress().getHostAddress();
            return address.matches("127\\..*|10\\..*|192\\.168\\..*|172\\.(1[6-9]|2\\d|3[01])\\..*|0:0:0:0:0:0:0:1");
        };
        try (UdpServer server = new UdpServer(port, Runtime.getRuntime().availableProcessors())) {
            server.serve(handler, policy);
        }
    }
}
