package com.acme.flags.events;

import com.acme.flags.eval.Bucketer;
import com.acme.flags.model.EvaluationContext;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Records which variation each context saw. Events are deduplicated, counted in metrics, batched per
 * topic and sent to the collector; a batch the collector refuses is spooled to disk.
 */
public final class ExposureTracker implements Closeable {

    private static final Logger LOG = Logger.getLogger(ExposureTracker.class.getName());

    /** Where batches go; the production implementation is a Kafka producer. */
    public interface Sink {
        void send(String topic, byte[] payload, String[] headerColumns) throws IOException;
    }

    /** Counter registry stand-in; tags alternate name, value. */
    public interface Metrics {
        void increment(String name, String... tags);
    }

    /** One exposure. */
    public static final class ExposureEvent {
        final String flagKey;
        final String value;
        final int variation;
        final long contextId;
        final long timestamp;
        final String topic;
        final Map<String, String> labels;
        final List<String> tags;

        ExposureEvent(String flagKey, String value, int variation, long contextId, long timestamp, String topic,
                      Map<String, String> labels) {
            this.flagKey = flagKey;
            this.value = value;
            this.variation = variation;
            this.contextId = contextId;
            this.timestamp = timestamp;
            this.topic = topic;
            this.labels = labels;
            List<String> tagList = new ArrayList<>();
            for (Map.Entry<String, String> e : labels.entrySet()) {
                tagList.add(e.getKey() + ':' + e.getValue());
            }
            this.tags = Collections.unmodifiableList(tagList);
        }
    }

    private final TrackerConfig config;
    private final Bucketer bucketer;
    private final EventEncoder encoder;
    private final Sink sink;
    private final Metrics metrics;
    private final Map<String, List<ExposureEvent>> batches = new HashMap<>();
    private final Set<Integer> seen = ConcurrentHashMap.newKeySet();
    private long batchSeq;
    private long dropped;

    public ExposureTracker(TrackerConfig config, Bucketer bucketer, EventEncoder encoder, Sink sink, Metrics metrics) {
        this.config = config;
        this.bucketer = bucketer;
        this.encoder = encoder;
        this.sink = sink;
        this.metrics = metrics;
    }

    /** Called by the evaluator for every tracked evaluation. */
    public void track(String flagKey, String value, int variation, EvaluationContext ctx) {
        String contextKey = ctx.key();
        int dedupeKey = Objects.hash(flagKey, variation, contextKey);
        if (!seen.add(dedupeKey)) {
            return;
        }
        if (seen.size() > 200_000) {
            seen.clear();
        }
        String topic = config.topicFor(flagKey);
        ExposureEvent event = new ExposureEvent(flagKey, value, variation, bucketer.contextId(ctx.kind(), contextKey),
                System.currentTimeMillis(), topic, ctx.exportedAttributes());
        recordMetric(event);
        List<ExposureEvent> full = null;
        synchronized (batches) {
            List<ExposureEvent> batch = batches.computeIfAbsent(topic, t -> new ArrayList<>());
            batch.add(event);
            if (batch.size() >= config.batchSize()) {
                full = batches.remove(topic);
            }
        }
        if (full != null) {
            flush(topic, full);
        }
    }

    private void recordMetric(ExposureEvent event) {
        String[] tags = event.labels.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        metrics.increment("flags.exposure", tags);
    }

    /** Sends one batch; runs once per {@code batchSize} events of a topic. */
    void flush(String topic, List<ExposureEvent> events) {
        long batchId;
        synchronized (this) {
            batchId = ++batchSeq;
        }
        List<byte[]> frames = new ArrayList<>(events.size());
        for (ExposureEvent e : events) {
            frames.add(encoder.encode(e));
        }
        byte[] payload = EventEncoder.concat(frames);
        try {
            sink.send(topic, payload, headerColumns(config.batchHeaders(topic, batchId)));
        } catch (IOException e) {
            LOG.warning("sending batch " + batchId + " to " + topic + " failed, spooling: " + e.getMessage());
            Path spoolFile = config.spoolDir().resolve(String.format("exposures-%s-%s.bin", topic, batchId));
            try (InputStream in = new ByteArrayInputStream(payload); OutputStream out = Files.newOutputStream(spoolFile)) {
                encoder.writeFileHeader(out);
                byte[] buf = new byte[8192];
                int n;
                while ((n = in.read(buf)) != -1) {
                    out.write(buf, 0, n);
                }
            } catch (IOException spoolFailure) {
                synchronized (this) {
                    dropped += events.size();
                }
                LOG.severe("could not spool batch " + batchId + ": " + spoolFailure.getMessage());
            }
        }
    }

    /** Record headers as the collector reads them: every name, then every value. Once per batch. */
    static String[] headerColumns(Map<String, String> headers) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : headers.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    public void flushAll() {
        Map<String, List<ExposureEvent>> pending;
        synchronized (batches) {
            pending = new HashMap<>(batches);
            batches.clear();
        }
        for (Map.Entry<String, List<ExposureEvent>> e : pending.entrySet()) {
            flush(e.getKey(), e.getValue());
        }
    }

    @Override
    public void close() {
        flushAll();
        LOG.info(String.format("exposure tracker closed after %s batches, %s events dropped", batchSeq, dropped));
    }
}
