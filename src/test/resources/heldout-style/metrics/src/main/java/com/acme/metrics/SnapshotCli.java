package com.acme.metrics;

import com.acme.metrics.core.Meter;
import com.acme.metrics.core.MetricRegistry;
import com.acme.metrics.ingest.IngestServer;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Prints a binary snapshot (the agent's datagram format) as a table or as CSV.
 *
 * <pre>java -cp metrics.jar com.acme.metrics.SnapshotCli [--config=FILE] [--copy-to=FILE] [--csv] [--list]
 *     [--limit=N] [SNAPSHOT]</pre>
 * Reads standard input when no snapshot file is given.
 */
public final class SnapshotCli {

    private static final int MAX_SNAPSHOT = 16 * 1024 * 1024;

    private SnapshotCli() {
    }

    public static void main(String[] args) throws IOException {
        Path configFile = null;
        Path copyTo = null;
        Path input = null;
        int limit = Integer.MAX_VALUE;
        boolean csv = false;
        boolean list = false;
        for (String arg : args) {
            if (arg.startsWith("--") && !arg.matches("--[a-z-]+(=.+)?")) {
                System.err.println("bad option: " + arg);
                System.exit(2);
            }
            int eq = arg.indexOf('=');
            if (arg.startsWith("--config=")) {
                configFile = Paths.get(arg.substring(eq + 1));
            } else if (arg.startsWith("--copy-to=")) {
                copyTo = Paths.get(arg.substring(eq + 1));
            } else if (arg.startsWith("--limit=")) {
                limit = Integer.parseInt(arg.substring(eq + 1, arg.length()));
            } else if (arg.equals("--csv")) {
                csv = true;
            } else if (arg.equals("--list")) {
                list = true;
            } else {
                input = Paths.get(arg);
            }
        }
        MetricsConfig config = configFile == null ? MetricsConfig.defaults() : MetricsConfig.load(configFile);

        if (copyTo != null && input != null) {
            try (InputStream in = new FileInputStream(input.toFile());
                 OutputStream out = new FileOutputStream(copyTo.toFile())) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
        }

        byte[] snapshot;
        if (input == null) {
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            InputStream stdin = System.in;
            while (data.size() < MAX_SNAPSHOT) {
                byte[] chunk = new byte[8192];
                int n = stdin.read(chunk);
                if (n == -1) {
                    break;
                }
                data.write(chunk, 0, n);
            }
            snapshot = data.toByteArray();
        } else {
            snapshot = Files.readAllBytes(input);
        }

        String source = input == null ? "<stdin>" : input.toString();
        int version = (snapshot[4] & 0xFF) << 24 | (snapshot[5] & 0xFF) << 16 | (snapshot[6] & 0xFF) << 8 | (snapshot[7] & 0xFF);
        System.out.print(String.format("snapshot %s, format version %s%n", source, version));

        MetricRegistry registry = new MetricRegistry(config.commonTags());
        new IngestServer(registry).onPacket(snapshot, snapshot.length, source, 0);
        List<Meter> meters = registry.meters();

        Map<String, String> common = config.commonTags();
        String[] commonPairs = common.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        System.out.println("common tags: " + String.join(" ", commonPairs));

        if (list) {
            List<String> names = meters.stream().map(m -> m.id().name()).collect(Collectors.toList());
            Collections.sort(names);
            names.forEach(System.out::println);
        } else if (csv) {
            String[] commonColumns = Stream.concat(common.keySet().stream(), common.values().stream())
                    .toArray(String[]::new);
            System.out.println("# common," + String.join(",", commonColumns));
            for (int i = 0; i < Math.min(limit, meters.size()); i++) {
                Meter meter = meters.get(i);
                String[] columns = columnsOf(meter.id().tags());
                long count = ((Meter.Counter) meter).count();
                System.out.println(meter.id().name() + "," + String.join(",", columns) + "," + count);
            }
        } else {
            Map<String, Long> totals = new TreeMap<>();
            for (Meter meter : meters) {
                totals.merge(meter.id().name(), ((Meter.Counter) meter).count(), Long::sum);
            }
            for (String family : totals.keySet()) {
                long total = totals.get(family);
                System.out.println(family + "  " + total);
            }
        }
    }

    /** Same layout as the reporter's columnar sink: tag keys, then tag values. */
    private static String[] columnsOf(Map<String, String> tags) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : tags.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }
}
