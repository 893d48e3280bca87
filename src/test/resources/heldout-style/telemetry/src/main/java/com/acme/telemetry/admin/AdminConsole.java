package com.acme.telemetry.admin;

import com.acme.telemetry.aggregate.WindowAggregator;
import com.acme.telemetry.alert.AlertEngine;
import com.acme.telemetry.ingest.IngestService;
import com.acme.telemetry.provision.DeviceProvisioner.DeviceInfo;
import com.acme.telemetry.provision.DeviceProvisioner.DeviceRegistry;
import com.acme.telemetry.transport.SocketTransport.Connection;
import com.acme.telemetry.transport.SocketTransport.FrameHandler;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Line-oriented admin console on the operations port: one command per text frame, one reply per
 * command. Operators use it by hand and the fleet dashboard polls {@code devices} and {@code alerts}.
 */
public final class AdminConsole implements FrameHandler {

    private static final String ALIASES = "ls=devices, w=windows, a=alerts, t=tags";
    private static final Map<Class<?>, String> COMMAND_NAMES = new ConcurrentHashMap<>();
    private static final Map<String, String> HELP = new LinkedHashMap<>();

    static {
        HELP.put("devices", "list provisioned devices");
        HELP.put("models", "list device models in the fleet");
        HELP.put("tags <device>", "show a device's tags as key value pairs");
        HELP.put("windows", "list open aggregation windows");
        HELP.put("alerts", "list active alerts");
        HELP.put("metrics <device>", "metrics a device has reported");
    }

    abstract static class Command {
        abstract String run(String[] args);

        @Override
        public String toString() {
            return COMMAND_NAMES.computeIfAbsent(getClass(),
                    c -> c.getSimpleName().replace("Command", "").toLowerCase(Locale.ROOT));
        }
    }

    private final DeviceRegistry registry;
    private final WindowAggregator aggregator;
    private final AlertEngine alerts;
    private final IngestService ingest;
    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final String[] helpLines = HELP.keySet().stream().map(k -> k + "  -  " + HELP.get(k)).toArray(String[]::new);

    {
        commands.put("devices", new DevicesCommand());
        commands.put("models", new ModelsCommand());
        commands.put("tags", new TagsCommand());
        commands.put("windows", new WindowsCommand());
        commands.put("alerts", new AlertsCommand());
        commands.put("metrics", new MetricsCommand());
        for (String alias : ALIASES.split("\\s*,\\s*")) {
            int eq = alias.indexOf('=');
            commands.put(alias.substring(0, eq), commands.get(alias.substring(eq + 1)));
        }
    }

    public AdminConsole(DeviceRegistry registry, WindowAggregator aggregator, AlertEngine alerts, IngestService ingest) {
        this.registry = registry;
        this.aggregator = aggregator;
        this.alerts = alerts;
        this.ingest = ingest;
    }

    @Override
    public void onBinaryFrame(Connection conn, byte[] frame) {
        conn.sendText("ERR the admin console speaks text");
    }

    @Override
    public void onTextFrame(Connection conn, String line) {
        String[] words = line.trim().split("\\s+");
        Command command = commands.get(words[0]);
        if (command == null) {
            conn.sendText("ERR unknown command " + words[0] + "\n" + String.join("\n", helpLines));
            return;
        }
        try {
            conn.sendText(command.run(words));
        } catch (RuntimeException e) {
            String name = words[0];
            String reason = String.valueOf(e.getMessage());
            conn.sendText("ERR " + name + " failed: " + reason);
        }
    }

    final class DevicesCommand extends Command {
        @Override
        String run(String[] args) {
            List<DeviceInfo> devices = registry.snapshot();
            StringBuilder out = new StringBuilder(devices.size() * 48);
            for (DeviceInfo d : devices) {
                String id = d.id;
                String model = d.model;
                String fw = d.firmware;
                out.append(String.format("%s\t%s\t%s%n", id, model, fw));
            }
            return out.toString();
        }
    }

    final class ModelsCommand extends Command {
        @Override
        String run(String[] args) {
            List<DeviceInfo> devices = registry.snapshot();
            Set<String> models = devices.stream().map(d -> d.model).collect(Collectors.toSet());
            return String.join("\n", models);
        }
    }

    final class TagsCommand extends Command {
        @Override
        String run(String[] args) {
            DeviceInfo d = registry.get(args[1]);
            if (d == null) {
                throw new IllegalArgumentException(String.format("no device %s (%s known)", args[1], registry.size()));
            }
            Map<String, String> tags = d.tags;
            String[] pairs = tags.entrySet().stream()
                    .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                    .toArray(String[]::new);
            return String.join(" ", pairs);
        }
    }

    final class WindowsCommand extends Command {
        @Override
        String run(String[] args) {
            return String.join("\n", aggregator.openSeries());
        }
    }

    final class AlertsCommand extends Command {
        @Override
        String run(String[] args) {
            return String.join("\n", alerts.activeMessages());
        }
    }

    final class MetricsCommand extends Command {
        @Override
        String run(String[] args) {
            String deviceId = args[1];
            String metrics = String.join(",", ingest.metricsOf(deviceId));
            return deviceId + ": " + metrics;
        }
    }

    /** Prints the help text, for the ops runbook: {@code java com.acme.telemetry.admin.AdminConsole}. */
    public static void main(String[] args) {
        List<String> names = Arrays.asList(HELP.keySet().toArray(new String[0]));
        String version = args.length > 0 ? args[0] : "dev";
        System.out.println("telemetry admin console " + version + ", " + names.size() + " commands:");
        for (String n : names) {
            System.out.println("  " + n);
        }
    }
}
