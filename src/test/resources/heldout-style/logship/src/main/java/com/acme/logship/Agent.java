package com.acme.logship;

import com.acme.logship.config.AgentConfig;
import com.acme.logship.event.LogEvent;
import com.acme.logship.monitor.StatsReporter;
import com.acme.logship.parse.LineParser;
import com.acme.logship.parse.SecretMasker;
import com.acme.logship.registry.OffsetRegistry;
import com.acme.logship.ship.HttpShipper;
import com.acme.logship.tail.FileTailer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Wires tailers, parser, processors and shipper together and runs the poll loop.
 */
public class Agent implements FileTailer.LineHandler {

    /** A pipeline stage; {@link #process} is called for every event, in order. Null drops the event. */
    public interface EventProcessor {
        LogEvent process(LogEvent event);
    }

    private final AgentConfig config;
    private final OffsetRegistry registry;
    private final LineParser parser;
    private final SecretMasker masker;
    private final HttpShipper shipper;
    private final StatsReporter stats;
    private final Map<String, FileTailer> tailers;
    private final List<EventProcessor> pipeline;
    private final int maxBatch;
    private final List<LogEvent> pending = new ArrayList<>();
    /** Events re-read after a restart, up to the first offset not yet seen; drops duplicates. */
    private final Set<LogEvent> replayed = new HashSet<>();
    private boolean replaying = true;
    private volatile boolean running = true;

    public Agent(AgentConfig config, OffsetRegistry registry, HttpShipper shipper, String agentName)
            throws AgentConfig.ConfigException {
        this.config = config;
        this.registry = registry;
        this.shipper = shipper;
        this.maxBatch = config.get("batch.size", Integer.class, 500);
        this.parser = new LineParser(config.get("parser.pattern", String.class, "iso"),
                config.get("parser.strict", Boolean.class, Boolean.FALSE));
        this.masker = new SecretMasker(config.maskKeys(), config.get("mask.keep", Integer.class, 2));
        this.tailers = Collections.unmodifiableMap(openTailers(config.inputs()));
        this.pipeline = buildPipeline(agentName);
        this.stats = new StatsReporter(new ArrayList<>(tailers.values()), System.out, 60_000L);
    }

    private Map<String, FileTailer> openTailers(List<AgentConfig.InputSpec> specs) {
        Map<String, FileTailer> opened = new HashMap<>(specs.size());
        for (AgentConfig.InputSpec spec : specs) {
            opened.put(spec.path(), new FileTailer(spec.path(), registry.offsetOf(spec.path()), this));
        }
        return opened;
    }

    /** Assembled once; the stages run per event. */
    private List<EventProcessor> buildPipeline(final String agentName) {
        List<EventProcessor> stages = new ArrayList<>();

        // file name without directories, for the "file" field
        stages.add(event -> {
            String[] segments = event.source().split("[/\\\\]+");
            event.put("file", segments[segments.length - 1]);
            return event;
        });

        stages.add(new EventProcessor() {
            private final Set<String> dropLevels = Arrays.asList("trace", "debug").stream()
                    .map(String::toUpperCase).collect(Collectors.toSet());

            @Override
            public LogEvent process(LogEvent event) {
                String level = event.field("level");
                if (level == null || dropLevels.contains(level)) {
                    return null;
                }
                event.put("origin", String.format("%s:%s", agentName, level));
                return event;
            }
        });

        stages.add(event -> {
            String tagValue = event.field("tags");
            if (tagValue != null) {
                List<String> namespaced = parser.splitList(tagValue).stream().map(t -> agentName + "/" + t)
                        .collect(Collectors.toList());
                event.addTags(namespaced);
            }
            return event;
        });

        stages.add(new MaskingStage());
        return stages;
    }

    /** Masks secret-looking fields; an inner class so it can reach the masker. */
    private class MaskingStage implements EventProcessor {
        @Override
        public LogEvent process(LogEvent event) {
            Map<String, String> masked = masker.maskFields(event.fields());
            for (String name : masked.keySet()) {
                event.put(name, masked.get(name));
            }
            return event;
        }
    }

    @Override
    public void onLine(String source, String line, long offset, int lineNo) {
        LogEvent event;
        try {
            event = parser.parse(source, masker.maskLine(line), offset, lineNo);
        } catch (LineParser.ParseException e) {
            String reason = e.getMessage();
            System.err.println(String.format("logship: dropped line %s of %s: %s", lineNo, source, reason));
            return;
        }
        for (EventProcessor stage : pipeline) {
            event = stage.process(event);
            if (event == null) {
                return;
            }
        }
        if (replaying && !replayed.add(event)) {
            return;
        }
        stats.record(source, event.field("level"));
        offer(event);
    }

    private void offer(LogEvent event) {
        pending.add(event);
        int size = pending.size();
        assert size <= maxBatch : String.format("batch holds %s events, limit is %s", size, maxBatch);
        if (size == maxBatch) {
            flush();
        }
    }

    private void flush() {
        if (pending.isEmpty()) {
            return;
        }
        List<LogEvent> batch = new ArrayList<>(pending);
        pending.clear();
        try {
            registry.commit(shipper.send(batch));
            if (replaying && replayed.size() > 100_000) {
                replaying = false;
                replayed.clear();
            }
            stats.shipped(batch.size());
        } catch (HttpShipper.ShipException e) {
            stats.failed(batch.size());
            String reason = e.getMessage();
            System.err.println("logship: " + reason);
        }
    }

    /** The poll loop: every tailer, every 250 ms, until stopped. */
    public void run() throws InterruptedException {
        for (FileTailer tailer : tailers.values()) {
            tailer.checkResumable(tailer.position());
        }
        Thread monitor = new Thread(stats, "logship-stats");
        monitor.setDaemon(true);
        monitor.start();
        while (running) {
            long read = 0;
            for (String path : tailers.keySet()) {
                read += tailers.get(path).poll();
            }
            registry.prune(tailers.keySet());
            flush();
            if (read == 0) {
                Thread.sleep(250);
            }
        }
        stats.stop();
    }

    public void stop() {
        running = false;
    }
}
