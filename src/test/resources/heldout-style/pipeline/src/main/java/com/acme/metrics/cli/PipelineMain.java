package com.acme.metrics.cli;

import com.acme.metrics.aggregate.Aggregator;
import com.acme.metrics.aggregate.Aggregator.MetricDef;
import com.acme.metrics.aggregate.Unit;
import com.acme.metrics.event.Event;
import com.acme.metrics.export.PrometheusExporter;
import com.acme.metrics.route.EventRouter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** {@code pipeline --input=events.log [--bucket=10000] [--labels=env=prod;dc=ams]} */
public final class PipelineMain {

    private static final int BATCH = 512;
    private static final List<MetricDef> DEFS = List.of(
            new MetricDef("http.latency", Unit.MILLIS),
            new MetricDef("heap.used", Unit.KILOBYTES),
            new MetricDef("http.request", Unit.COUNT));

    private PipelineMain() {
    }

    public static void main(String[] args) throws IOException {
        List<String> argList = Arrays.asList(args);
        List<String> options = argList.stream().map(a -> a.startsWith("--") ? a.substring(2) : a).collect(Collectors.toList());
        Map<String, String> settings = new HashMap<>(options.size());
        for (String option : options) {
            int eq = option.indexOf('=');
            settings.put(eq < 0 ? option : option.substring(0, eq), eq < 0 ? "true" : option.substring(eq + 1));
        }
        if (!settings.containsKey("input")) {
            System.err.println(String.format("usage: %s --input=<file> [--bucket=<ms>] [--labels=k=v;k=v]", "pipeline"));
            System.exit(2);
        }
        Map<String, String> labels = new TreeMap<>();
        for (String pair : settings.getOrDefault("labels", "").split("\\s*;\\s*")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                labels.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }

        Aggregator aggregator = new Aggregator(Long.parseLong(settings.getOrDefault("bucket", "10000")));
        EventRouter router = new EventRouter(new EventRouter.Handler() {
            public String name() { return "dead-letter"; }

            public void handle(Event event) { }
        }, settings.containsKey("trace"));
        var writer = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        PrometheusExporter exporter = new PrometheusExporter(writer, "stdout", labels);

        try (BufferedReader in = Files.newBufferedReader(Path.of(settings.get("input")))) {
            List<String> chunk = new ArrayList<>(BATCH);
            String line;
            while ((line = in.readLine()) != null) {
                chunk.add(line);
                if (chunk.size() == BATCH) {
                    runBatch(chunk, aggregator, router, exporter);
                    chunk.clear();
                }
            }
            if (!chunk.isEmpty()) {
                runBatch(chunk, aggregator, router, exporter);
            }
        }
    }

    /** Called once per batch of input lines. */
    static void runBatch(List<String> lines, Aggregator aggregator, EventRouter router, PrometheusExporter exporter) {
        List<Event> batch = lines.stream().map(PipelineMain::parseLine).collect(Collectors.toList());
        aggregator.setup(DEFS);
        for (Event e : batch) {
            router.route(e);
        }
        exporter.export(aggregator.convert(aggregator.group(batch)));
    }

    /** Per input line: {@code type | source | epochMillis | k=v,k=v | tag tag}. */
    static Event parseLine(String line) {
        String[] fields = line.split("\\s*\\|\\s*");
        if (fields.length != 5) {
            String shown = line.replaceAll("\\p{Cntrl}", "?");
            throw new IllegalArgumentException(String.format("expected 5 fields, got %s: %s", fields.length, shown));
        }
        String[] pairs = fields[3].split(",");
        Map<String, String> attributes = new HashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            attributes.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
        }
        Set<String> tags = new HashSet<>(Arrays.asList(fields[4].trim().split("\\s+")));
        return new Event(fields[0], fields[1], Long.parseLong(fields[2]), null, attributes, tags);
    }
}
