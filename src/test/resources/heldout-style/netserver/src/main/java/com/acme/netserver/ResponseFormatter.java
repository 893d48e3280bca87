package com.acme.netserver;

import com.acme.netserver.ProtocolException.UnsupportedPayloadException;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Turns what a handler returned into the text of a response:
 * {@code <status> <reason> <command> <payload>\r\n}.
 */
public final class ResponseFormatter {
    /** Longest text payload sent as is; longer ones are cut. */
    static final int MAX_TEXT = 4096;

    private static final List<String> STATUS_LINES = Arrays.asList("200 OK", "201 CREATED", "400 BAD_REQUEST",
            "401 UNAUTHORIZED", "403 FORBIDDEN", "404 NOT_FOUND", "413 TOO_LARGE", "426 UPGRADE", "500 ERROR");
    private static final Map<Integer, String> REASONS;

    static {
        Map<Integer, String> reasons = new HashMap<>(STATUS_LINES.size());
        for (String line : STATUS_LINES) {
            reasons.put(Integer.parseInt(line.substring(0, 3)), line.substring(4));
        }
        REASONS = reasons;
    }

    /** Writes one kind of payload. */
    @FunctionalInterface
    interface Renderer {
        void render(Object value, StringBuilder out) throws ProtocolException;
    }

    private static final Map<Class<?>, Renderer> RENDERERS = new ConcurrentHashMap<>();

    /** Formats the response to one message. Called for every message the server answers. */
    public String format(String command, int status, Object result) throws ProtocolException {
        String reason = REASONS.get(status);
        if (reason == null) {
            throw new IllegalArgumentException("no reason phrase for status " + status);
        }
        StringBuilder sb = new StringBuilder(128);
        sb.append(String.format("%s %s %s", status, reason, command));
        if (result != null) {
            sb.append(' ');
            RENDERERS.computeIfAbsent(result.getClass(), ResponseFormatter::rendererFor).render(result, sb);
        }
        return sb.append("\r\n").toString();
    }

    /** A bare success line, as sent after AUTH. */
    public String ok(String command, String text) {
        return String.format("200 OK %s %s\r\n", command, text);
    }

    /** Picks the renderer of a payload type; runs once per type, the answer is cached. */
    private static Renderer rendererFor(Class<?> type) {
        if (CharSequence.class.isAssignableFrom(type)) {
            return (value, out) -> renderText(value.toString(), out);
        }
        if (Table.class.isAssignableFrom(type)) {
            return (value, out) -> renderTable((Table) value, out);
        }
        if (Map.class.isAssignableFrom(type)) {
            return (value, out) -> renderMap((Map<?, ?>) value, out);
        }
        if (Collection.class.isAssignableFrom(type)) {
            return (value, out) -> renderList((Collection<?>) value, out);
        }
        if (Number.class.isAssignableFrom(type) || type == Boolean.class) {
            return (value, out) -> out.append(value);
        }
        // application types render themselves through a public toWireString()
        Method[] methods = type.getMethods();
        List<String> names = new ArrayList<>();
        for (Method method : methods) {
            names.add(method.getName());
        }
        if (names.contains("toWireString")) {
            return (value, out) -> {
                try {
                    renderText(String.valueOf(value.getClass().getMethod("toWireString").invoke(value)), out);
                } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
                    throw new ProtocolException(500, "toWireString failed", e);
                }
            };
        }
        return (value, out) -> {
            throw new UnsupportedPayloadException(value.getClass());
        };
    }

    static void renderText(String text, StringBuilder out) {
        if (text.length() > MAX_TEXT) {
            out.append(text.substring(0, MAX_TEXT)).append("...");
        } else {
            out.append(text);
        }
    }

    static void renderList(Collection<?> items, StringBuilder out) {
        List<String> lines = items.stream().map(String::valueOf).collect(Collectors.toList());
        out.append(lines.size()).append(" items");
        for (String line : lines) {
            out.append("\r\n  ");
            renderText(line, out);
        }
    }

    static void renderMap(Map<?, ?> map, StringBuilder out) {
        String[] cells = flatten(map);
        int half = cells.length / 2;
        out.append(half).append(" fields");
        for (int i = 0; i < half; i++) {
            out.append("\r\n  ").append(cells[i]).append(": ");
            renderText(cells[half + i], out);
        }
    }

    /** The keys, then the values, in the map's order. */
    static String[] flatten(Map<?, ?> map) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            keys.add(String.valueOf(e.getKey()));
            values.add(String.valueOf(e.getValue()));
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    static void renderTable(Table table, StringBuilder out) {
        List<String> columns = table.columns();
        Map<String, Integer> position = new HashMap<>(columns.size());
        int index = 0;
        for (String column : columns) {
            position.put(column, index++);
        }
        Integer sortColumn = position.get(table.sortBy());
        List<List<String>> rows = new ArrayList<>(table.rows());
        if (sortColumn != null) {
            int sc = sortColumn;
            rows.sort(Comparator.comparing(row -> row.get(sc)));
        }
        out.append(String.join("\t", columns));
        for (List<String> row : rows) {
            out.append("\r\n");
            renderText(String.join("\t", row), out);
        }
    }

    /** A tabular payload: handlers return one to get aligned, optionally sorted rows. */
    public static final class Table {
        private final List<String> columns;
        private final List<List<String>> rows = new ArrayList<>();
        private String sortBy;

        public Table(String... columns) {
            this.columns = Arrays.asList(columns);
        }

        public Table row(String... cells) {
            rows.add(Arrays.asList(cells));
            return this;
        }

        public Table sortBy(String column) {
            this.sortBy = column;
            return this;
        }

        List<String> columns() {
            return columns;
        }

        List<List<String>> rows() {
            return rows;
        }

        String sortBy() {
            return sortBy;
        }
    }
}
