package com.acme.queue.client;

import java.util.Objects;

/**
 * A topic name and a partition number. This is the key of every offset, lag and
 * assignment map in the consumer, so it is hashed several times per record.
 */
public final class TopicPartition implements Comparable<TopicPartition> {
    private final String topic;
    private final int partition;

    public TopicPartition(String topic, int partition) {
        if (partition < 0) {
            throw new IllegalArgumentException("partition of " + topic + " must be >= 0, got " + partition);
        }
        this.topic = Objects.requireNonNull(topic, "topic");
        this.partition = partition;
    }

    public String topic() {
        return topic;
    }

    public int partition() {
        return partition;
    }

    /** Name used for per-partition counters; Metrics asks for it for every partition of every batch. */
    public String metricKey() {
        return String.format("%s-%s", topic, partition);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TopicPartition)) {
            return false;
        }
        TopicPartition other = (TopicPartition) o;
        return partition == other.partition && topic.equals(other.topic);
    }

    @Override
    public int hashCode() {
        return Objects.hash(topic, partition);
    }

    @Override
    public int compareTo(TopicPartition o) {
        int c = topic.compareTo(o.topic);
        return c != 0 ? c : Integer.compare(partition, o.partition);
    }

    @Override
    public String toString() {
        return String.format("%s[%s]", topic, partition);
    }
}
