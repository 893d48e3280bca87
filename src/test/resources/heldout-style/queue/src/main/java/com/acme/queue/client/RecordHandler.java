package com.acme.queue.client;

/**
 * User code: called once per record by the consumer's dispatcher, on the poll thread.
 */
@FunctionalInterface
public interface RecordHandler {

    Outcome handle(ConsumerRecord record) throws Exception;

    /** What the handler wants done with the record. */
    sealed interface Outcome permits Ack, Retry, Skip {
    }

    record Ack() implements Outcome {
    }

    record Retry(String reason, long backoffMillis) implements Outcome {
    }

    record Skip(String reason) implements Outcome {
    }

    /** Thrown by a handler when the record should be tried again later (a dependency is not ready). */
    class RetriableException extends Exception {
        public RetriableException(String message) {
            super(message);
        }
    }
}
