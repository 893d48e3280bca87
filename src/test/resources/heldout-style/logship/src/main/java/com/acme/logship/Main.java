package com.acme.logship;

import com.acme.logship.config.AgentConfig;
import com.acme.logship.registry.OffsetRegistry;
import com.acme.logship.ship.HttpShipper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code logship run|test-config|version [--config=PATH] [--registry=PATH]}
 */
public final class Main {

    static final String VERSION = "2.4.1";
    static final String BUILD = "7f3c2e1";

    private static final Set<String> COMMANDS;

    static {
        COMMANDS = Arrays.asList("RUN", "TEST-CONFIG", "VERSION").stream().map(String::toLowerCase)
                .collect(Collectors.toSet());
    }

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String command = args.length > 0 ? args[0] : "run";
        String[] optionArgs = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        for (String arg : optionArgs) {
            if (!arg.matches("--[a-z][a-z-]*=.+")) {
                System.err.println("logship: malformed option " + arg + ", expected --name=value");
                System.exit(64);
            }
        }
        Map<String, String> options = new HashMap<>();
        for (String arg : optionArgs) {
            int eq = arg.indexOf('=');
            StringBuilder name = new StringBuilder();
            name.append(arg.substring(2, eq));
            options.put(name.toString(), arg.substring(eq + 1));
        }
        if (!COMMANDS.contains(command)) {
            System.err.println("logship: unknown command " + command + ", expected one of: " + String.join(", ", COMMANDS));
            System.exit(64);
        }
        if (command.equals("version")) {
            printVersion();
            return;
        }

        String configPath = options.containsKey("config") ? options.get("config") : "/etc/logship/logship.yml";
        AgentConfig config;
        try {
            config = AgentConfig.load(Paths.get(configPath));
        } catch (AgentConfig.ConfigException e) {
            String reason = e.getMessage();
            System.err.println(String.format("logship: invalid configuration %s: %s", configPath, reason));
            System.exit(78);
            return;
        } catch (IOException e) {
            String reason = e.getMessage();
            System.err.println("logship: cannot read " + configPath + ": " + reason);
            System.exit(66);
            return;
        }

        if (command.equals("test-config")) {
            testConfig(config);
            return;
        }

        Path registryPath = Paths.get(options.containsKey("registry") ? options.get("registry") : "/var/lib/logship/offsets");
        OffsetRegistry registry = OffsetRegistry.load(registryPath);
        String host = hostName();
        HttpShipper shipper = new HttpShipper(config.require("endpoint"), config.require("stream"), host,
                config.headers(), labels(config, host), new HttpShipper.UrlConnectionTransport(),
                config.get("ship.attempts", Integer.class, 5), config.get("ship.dead-letter", String.class, "/var/lib/logship/dead"));
        final Agent agent = new Agent(config, registry, shipper, host);
        Runtime.getRuntime().addShutdownHook(new Thread(agent::stop, "logship-shutdown"));
        System.out.println(String.format("logship %s started with %s, shipping to %s", VERSION, configPath, shipper));
        agent.run();
    }

    private static void printVersion() {
        String java = System.getProperty("java.version");
        System.out.println("logship " + VERSION + " (build " + BUILD + ", java " + java + ")");
    }

    /** {@code test-config}: parse, validate and echo the configuration, then exit. */
    private static void testConfig(AgentConfig config) throws AgentConfig.ConfigException {
        config.require("endpoint");
        config.require("stream");
        List<String> paths = config.inputs().stream().map(AgentConfig.InputSpec::path).collect(Collectors.toList());
        System.out.println("inputs: " + String.join(", ", paths));
        for (Map.Entry<String, String> header : config.headers().entrySet()) {
            System.out.println("header " + header.getKey() + ": " + header.getValue());
        }
        String source = config.sourceName();
        System.out.println("configuration " + source + " is valid (schema " + AgentConfig.SCHEMA_HASH + ")");
    }

    private static Map<String, String> labels(AgentConfig config, String host) {
        Map<String, String> labels = new HashMap<>();
        labels.put("host", host);
        labels.put("agent", "logship");
        return labels;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
