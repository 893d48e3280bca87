package org.springframework.boot.context.event;

public class ApplicationReadyEvent {
    private final long timestamp;

    public ApplicationReadyEvent(long timestamp) {
        this.timestamp = timestamp;
    }

    public long getTimestamp() {
        return timestamp;
    }
}
