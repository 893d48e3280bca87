package com.acme.queue.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * A single-threaded consumer: {@link #run()} polls the broker until {@link #close()},
 * hands every record to the handler subscribed for its topic, and commits the offsets
 * of each batch once the batch has been dispatched.
 */
public final class QueueConsumer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(QueueConsumer.class.getName());

    /** The next offset to read, for one partition. */
    public record OffsetCommit(TopicPartition partition, long offset) {
    }

    private final ConsumerConfig config;
    private final String groupId;
    private final FetchChannel channel;
    private final Metrics metrics;
    private final RecordDecoder decoder = new RecordDecoder();
    private final Deque<ConsumerRecord> retryQueue = new ArrayDeque<>();
    private final RetryingDispatcher dispatcher;
    private final Path archiveDir;

    private final List<String> topics = new ArrayList<>();
    private final Map<String, RecordHandler> handlers = new HashMap<>();
    private final Set<TopicPartition> assignment = new HashSet<>();
    private final Map<TopicPartition, Long> pending = new HashMap<>();
    private final Map<TopicPartition, Long> highWatermarks = new HashMap<>();
    private Map<TopicPartition, Long> lastCommitted = Map.of();
    private volatile Metrics.Snapshot lastSnapshot;
    private volatile boolean closed;
    private long batchSeq;
    private int rebalances;

    public QueueConsumer(ConsumerConfig config, FetchChannel channel, Metrics metrics,
                         BiConsumer<String, String[]> tracer) {
        this.config = config;
        this.groupId = config.groupId();
        this.channel = channel;
        this.metrics = metrics;
        this.archiveDir = config.archiveDir();
        this.dispatcher = new RetryingDispatcher(retryQueue, config.retryBackoffMs(), config.maxAttempts(),
                metrics, tracer);
        this.lastSnapshot = metrics.snapshot();
    }

    /** Registers the handler of a topic. Call before {@link #run()}. */
    public void subscribe(String topic, RecordHandler handler) {
        if (!topic.matches("[A-Za-z0-9._-]{1,249}")) {
            throw new IllegalArgumentException("invalid topic name '" + topic + "'");
        }
        topics.add(topic);
        handlers.put(topic, handler);
    }

    public void run() {
        while (!closed) {
            try {
                pollOnce();
            } catch (IOException e) {
                List<String> what = topics.stream().map(t -> t + "@" + groupId).collect(Collectors.toList());
                LOG.log(System.Logger.Level.WARNING, "fetch failed for " + what + ", retrying", e);
                sleepQuietly(config.retryBackoffMs());
            }
        }
    }

    void pollOnce() throws IOException {
        drainRetries();
        byte[] frame = channel.fetch(groupId, topics, config.maxPollRecords());
        List<ConsumerRecord> batch = decoder.decodeBatch(frame);
        batchSeq++;
        if (archiveDir != null) {
            String fileName = String.format("%s-%s.bin", groupId, batchSeq);
            channel.archive(frame, archiveDir.resolve(fileName));
        }
        if (batch.isEmpty()) {
            return;
        }

        Set<TopicPartition> touched = batch.stream()
                .map(ConsumerRecord::topicPartition)
                .collect(Collectors.toSet());
        if (!assignment.containsAll(touched)) {
            // the coordinator moved partitions to us: adopt what the broker now sends
            onRebalance(touched);
        }

        for (ConsumerRecord record : batch) {
            try {
                dispatcher.dispatch(record, handlers.get(record.topic()));
            } catch (RetryingDispatcher.DeadLetterException e) {
                metrics.deadLettered(record.topic());
            }
            TopicPartition tp = record.topicPartition();
            pending.put(tp, record.offset());
            highWatermarks.merge(tp, record.offset(), Math::max);
        }
        metrics.recordBatch(batch, touched);
        commitPending();
        updateLag();
        countIdle(touched);
        lastSnapshot = metrics.snapshot();
    }

    private void drainRetries() {
        long now = System.currentTimeMillis();
        for (int i = retryQueue.size(); i > 0; i--) {
            ConsumerRecord r = retryQueue.poll();
            if (r.notBefore() > now) {
                retryQueue.add(r);
                continue;
            }
            try {
                dispatcher.dispatch(r, handlers.get(r.topic()));
            } catch (RetryingDispatcher.DeadLetterException e) {
                metrics.deadLettered(r.topic());
            }
        }
    }

    private List<OffsetCommit> offsetsToCommit() {
        List<OffsetCommit> commits = new ArrayList<>();
        for (Map.Entry<TopicPartition, Long> e : pending.entrySet()) {
            commits.add(new OffsetCommit(e.getKey(), e.getValue() + 1));
        }
        return commits;
    }

    private void commitPending() throws IOException {
        channel.commit(groupId, offsetsToCommit());
        Map<TopicPartition, Long> committed = new HashMap<>(pending.size());
        committed.putAll(pending);
        lastCommitted = committed;
        pending.clear();
    }

    private void updateLag() {
        for (TopicPartition tp : highWatermarks.keySet()) {
            long high = highWatermarks.get(tp);
            Long done = lastCommitted.get(tp);
            metrics.lag(tp, done == null ? high : high - done);
        }
    }

    private void countIdle(Set<TopicPartition> touched) {
        Set<TopicPartition> idle = new HashSet<>();
        idle.addAll(assignment);
        idle.removeAll(touched);
        metrics.idlePartitions(idle.size());
    }

    /** Runs when the group rebalances, a few times a day. */
    void onRebalance(Collection<TopicPartition> newAssignment) {
        Set<TopicPartition> revoked = new HashSet<>();
        revoked.addAll(assignment);
        revoked.removeAll(newAssignment);
        for (TopicPartition tp : revoked) {
            pending.remove(tp);
            highWatermarks.remove(tp);
        }
        assignment.clear();
        assignment.addAll(newAssignment);
        List<String> owned = newAssignment.stream().map(TopicPartition::metricKey).collect(Collectors.toList());
        metrics.assigned(owned);
        rebalances++;
    }

    public Metrics.Snapshot lastSnapshot() {
        return lastSnapshot;
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (closed) {
            throw new IllegalStateException("consumer " + config.clientId() + " of group " + groupId + " is already closed");
        }
        closed = true;
    }

    @Override
    public String toString() {
        return "QueueConsumer[group=" + groupId + ", batches=" + batchSeq + ", rebalances=" + rebalances
                + ", closed=" + closed + "]";
    }
}
