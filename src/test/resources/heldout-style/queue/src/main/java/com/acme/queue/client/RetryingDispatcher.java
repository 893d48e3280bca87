package com.acme.queue.client;

import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * Hands records to their handler. A handler that throws {@link RecordHandler.RetriableException}
 * or answers {@link RecordHandler.Retry} gets the record again later, with exponential backoff;
 * anything else, or too many attempts, sends the record to the dead-letter path.
 */
public final class RetryingDispatcher {

    private static final System.Logger LOG = System.getLogger(RetryingDispatcher.class.getName());

    /** The record could not be processed and will not be retried. */
    public static final class DeadLetterException extends RuntimeException {
        DeadLetterException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Deque<ConsumerRecord> retryQueue;
    private final long baseBackoffMs;
    private final int maxAttempts;
    private final Metrics metrics;
    private final BiConsumer<String, String[]> tracer;

    RetryingDispatcher(Deque<ConsumerRecord> retryQueue, long baseBackoffMs, int maxAttempts, Metrics metrics,
                       BiConsumer<String, String[]> tracer) {
        this.retryQueue = retryQueue;
        this.baseBackoffMs = baseBackoffMs;
        this.maxAttempts = maxAttempts;
        this.metrics = metrics;
        this.tracer = tracer;
    }

    /** Called by the poll loop for every record of every batch, and again for every retry that is due. */
    public void dispatch(ConsumerRecord record, RecordHandler handler) {
        String topic = record.topic();
        int partition = record.partition();
        int attempt = record.attempt();
        String spanName = String.format("consume %s", topic);
        tracer.accept(spanName, record.headerArray());
        try {
            RecordHandler.Outcome outcome = handler.handle(record);
            if (outcome instanceof RecordHandler.Retry retry) {
                requeue(record, attempt + 1, retry.reason(), retry.backoffMillis());
            } else if (outcome instanceof RecordHandler.Skip skip) {
                metrics.skipped(topic, skip.reason());
            }
        } catch (RecordHandler.RetriableException e) {
            // routine: a few percent of records arrive before the data they depend on
            String retryKey = String.format("%s/%s/%s", topic, partition, attempt);
            metrics.retried(retryKey);
            requeue(record, attempt + 1, e.getMessage(), baseBackoffMs);
        } catch (Exception e) {
            deadLetter(record, attempt, e);
        }
    }

    private void requeue(ConsumerRecord record, int nextAttempt, String reason, long backoffMs) {
        if (nextAttempt >= maxAttempts) {
            deadLetter(record, nextAttempt, new IllegalStateException(reason));
        }
        long notBefore = System.currentTimeMillis() + (backoffMs << Math.min(nextAttempt, 6));
        String attemptValue = String.format("%s/%s", nextAttempt, maxAttempts);
        String cleanReason = reason == null ? "" : reason.replaceAll("[\\r\\n\\t]+", " ");
        Map<String, String> headers = new HashMap<>(record.headers());
        headers.put(ConsumerRecord.ATTEMPT_HEADER, attemptValue);
        headers.put(ConsumerRecord.NOT_BEFORE_HEADER, Long.toString(notBefore));
        headers.put("x-retry-reason", cleanReason);
        retryQueue.add(new ConsumerRecord(record.topic(), record.partition(), record.offset(), record.timestamp(),
                record.key(), record.value(), headers));
    }

    /** Only logs and throws: the poll loop counts the record as dead-lettered and moves on. */
    private void deadLetter(ConsumerRecord record, int attempts, Exception cause) {
        String topic = record.topic();
        int partition = record.partition();
        long offset = record.offset();
        List<String> headerNames = record.headers().keySet().stream()
                .map(n -> n.toLowerCase(Locale.ROOT))
                .collect(Collectors.toList());
        String names = String.join(",", headerNames);
        String message = String.format("giving up on %s-%s@%s after %s attempts (headers: %s)",
                topic, partition, offset, attempts, names);
        LOG.log(System.Logger.Level.ERROR, message, cause);
        throw new DeadLetterException(message, cause);
    }
}
