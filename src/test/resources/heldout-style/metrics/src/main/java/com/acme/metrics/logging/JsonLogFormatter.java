package com.acme.metrics.logging;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One JSON object per log line, for the log shipper. The logging backend calls
 * {@link #format(LogEvent)} for every event, on the appender thread.
 */
public final class JsonLogFormatter implements Layout {

    private static final List<String> LEVEL_LIST = Arrays.asList("trace", "debug", "info", "warn", "error");
    private static final String[] LEVELS;

    static {
        String[] upper = LEVEL_LIST.stream().map(l -> l.toUpperCase(Locale.ROOT)).toArray(String[]::new);
        LEVELS = upper;
    }

    private final int maxMessageLength;
    private final boolean includeThread;

    public JsonLogFormatter(int maxMessageLength, boolean includeThread) {
        this.maxMessageLength = maxMessageLength;
        this.includeThread = includeThread;
    }

    @Override
    public String format(LogEvent event) {
        long ts = event.timestampMillis;
        String level = LEVELS[event.level];
        StringBuilder sb = new StringBuilder(256);
        sb.append(String.format("{\"ts\":%s,\"level\":\"%s\"", ts, level));
        sb.append(",\"logger\":\"").append(event.loggerName).append('"');
        if (includeThread) {
            sb.append(",\"thread\":\"").append(escape(event.threadName)).append('"');
        }

        String message;
        try {
            message = event.renderMessage();
        } catch (RuntimeException e) {
            String failure = e.getClass().getName();
            message = String.format("<message rendering failed: %s>", failure);
        }
        String escaped = escape(message);
        sb.append(",\"msg\":\"");
        if (escaped.length() > maxMessageLength) {
            sb.append(escaped.substring(0, maxMessageLength)).append("...");
        } else {
            sb.append(escaped);
        }
        sb.append('"');

        // the MDC belongs to the calling thread and may change while we write; format from a copy
        Map<String, String> mdc = event.mdc;
        Map<String, String> context = new HashMap<>(mdc.size());
        context.putAll(mdc);
        for (String key : context.keySet()) {
            String value = context.get(key);
            sb.append(",\"").append(key).append("\":\"").append(escape(value)).append('"');
        }
        return sb.append('}').toString();
    }

    private static String escape(String raw) {
        if (raw == null) {
            return "";
        }
        return raw.replace("\\", "\\\\").replace("\"", "\\\"").replaceAll("[\\r\\n\\t]", " ");
    }

    @Override
    public String toString() {
        return String.format("JsonLogFormatter[maxMessageLength=%s, includeThread=%s]", maxMessageLength, includeThread);
    }

    /** One logging call, as the backend hands it over. */
    public static final class LogEvent {
        public static final int TRACE = 0;
        public static final int DEBUG = 1;
        public static final int INFO = 2;
        public static final int WARN = 3;
        public static final int ERROR = 4;

        final long timestampMillis;
        final int level;
        final String loggerName;
        final String threadName;
        final String pattern;
        final Object[] args;
        final Map<String, String> mdc;

        public LogEvent(long timestampMillis, int level, String loggerName, String threadName,
                        String pattern, Object[] args, Map<String, String> mdc) {
            this.timestampMillis = timestampMillis;
            this.level = level;
            this.loggerName = loggerName;
            this.threadName = threadName;
            this.pattern = pattern;
            this.args = args == null ? new Object[0] : args;
            this.mdc = mdc == null ? Collections.emptyMap() : mdc;
        }

        /** Substitutes {@code {}} placeholders; calls the arguments' {@code toString()}, which may throw. */
        String renderMessage() {
            if (args.length == 0) {
                return pattern;
            }
            StringBuilder sb = new StringBuilder(pattern.length() + 16 * args.length);
            int from = 0;
            int arg = 0;
            int at;
            while (arg < args.length && (at = pattern.indexOf("{}", from)) >= 0) {
                sb.append(pattern, from, at).append(args[arg++]);
                from = at + 2;
            }
            return sb.append(pattern, from, pattern.length()).toString();
        }
    }
}

/** Stand-in for the logging backend's layout SPI: one call per log event. */
interface Layout {
    String format(JsonLogFormatter.LogEvent event);
}
