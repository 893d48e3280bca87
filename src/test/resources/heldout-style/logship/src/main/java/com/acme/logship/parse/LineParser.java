package com.acme.logship.parse;

import com.acme.logship.event.LogEvent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one raw line into a {@link LogEvent}. The agent calls {@link #parse} for every
 * line every tailer emits; nothing here is cached between lines except the settings.
 *
 * Expected layout: {@code 2024-05-01T10:00:00Z LEVEL [thread] logger: message | k=v; k2=v2}
 */
public class LineParser {

    private static final String TIMESTAMP_PREFIX = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}.*";

    private final String patternName;
    private final boolean strict;

    public LineParser(String patternName, boolean strict) {
        this.patternName = patternName;
        this.strict = strict;
    }

    public static class ParseException extends RuntimeException {
        public ParseException(String message) {
            super(message);
        }
    }

    public LogEvent parse(String source, String line, long offset, int lineNo) {
        LogEvent event = new LogEvent(source, offset, lineNo, line);
        if (!line.matches(TIMESTAMP_PREFIX)) {
            if (strict) {
                throw new ParseException(unparseable(source, offset));
            }
            event.put("message", line);
            return event;
        }
        String[] head = line.split("\\s+", 4);
        if (head.length < 4) {
            throw new ParseException("missing level or message in " + source + " at line " + lineNo);
        }
        event.put("timestamp", head[0]);
        event.put("level", head[1]);
        event.put("thread", stripBrackets(head[2]));

        String rest = head[3];
        int bar = rest.indexOf(" | ");
        if (bar < 0) {
            event.put("message", rest);
            return event;
        }
        event.put("message", rest.substring(0, bar));
        for (Map.Entry<String, String> kv : extractFields(rest.substring(bar + 3)).entrySet()) {
            event.put(kv.getKey(), kv.getValue());
        }
        return event;
    }

    private static String stripBrackets(String thread) {
        if (!thread.startsWith("[")) {
            return thread;
        }
        StringBuilder name = new StringBuilder(thread.length());
        name.append(thread.substring(1, thread.length() - 1));
        return name.toString();
    }

    /** {@code k=v; k2=v2} into a map; called for each line that carries fields. */
    Map<String, String> extractFields(String tail) {
        List<String> pairs = Arrays.asList(tail.split(";\\s*"));
        Map<String, String> fields = new HashMap<>(pairs.size());
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            fields.put(pair.substring(0, eq).trim().toLowerCase(), pair.substring(eq + 1).trim());
        }
        return fields;
    }

    /** Multi-valued field such as {@code tags=a, b ,c}; called per event by the tag enricher. */
    public List<String> splitList(String value) {
        String[] parts = value.split(",");
        List<String> cleaned = new ArrayList<>();
        for (String part : parts) {
            cleaned.add(part.trim().toLowerCase());
        }
        return cleaned;
    }

    private static String unparseable(String source, long offset) {
        return String.format("unparseable line in %s at offset %s", source, offset);
    }

    public String patternName() {
        return patternName;
    }
}
