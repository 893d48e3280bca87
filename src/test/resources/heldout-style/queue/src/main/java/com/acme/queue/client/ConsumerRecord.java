package com.acme.queue.client;

import java.util.Map;
import java.util.stream.Stream;

/**
 * One record of a fetched batch, as handed to a {@link RecordHandler}.
 * Headers are plain string maps; the dispatcher adds retry bookkeeping to them.
 */
public record ConsumerRecord(String topic, int partition, long offset, long timestamp,
                             String key, byte[] value, Map<String, String> headers) {

    public static final String ATTEMPT_HEADER = "x-attempt";
    public static final String NOT_BEFORE_HEADER = "x-not-before";

    public ConsumerRecord {
        if (offset < 0) {
            throw new IllegalArgumentException(String.format("negative offset %s for %s-%s", offset, topic, partition));
        }
        headers = Map.copyOf(headers);
    }

    public TopicPartition topicPartition() {
        return new TopicPartition(topic, partition);
    }

    /**
     * Headers flattened as name, value, name, value, ... which is what the tracing
     * sink takes. The dispatcher calls this for every record it hands out.
     */
    public String[] headerArray() {
        return headers.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
    }

    /** The attempt header reads "attempt/max", e.g. "2/5"; a fresh record is attempt 0. */
    public int attempt() {
        String v = headers.get(ATTEMPT_HEADER);
        if (v == null) {
            return 0;
        }
        int slash = v.indexOf('/');
        return Integer.parseInt(v.substring(0, slash));
    }

    public long notBefore() {
        String v = headers.get(NOT_BEFORE_HEADER);
        if (v == null) {
            return 0L;
        }
        return Long.parseLong(v);
    }

    @Override
    public String toString() {
        String[] flat = headers.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        String headerText = String.join(",", flat);
        return String.format("ConsumerRecord(%s-%s@%s key=%s headers=%s)", topic, partition, offset, key, headerText);
    }
}
