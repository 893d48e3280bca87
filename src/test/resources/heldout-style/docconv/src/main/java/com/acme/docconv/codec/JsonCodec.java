package com.acme.docconv.codec;

import com.acme.docconv.model.Row;
import com.acme.docconv.plugin.ConverterRegistry.ConversionException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JSON Lines: one flat object per row. In compact mode a row is written as one array holding the names and
 * then the values, which is what the downstream loader of the data team expects.
 */
public final class JsonCodec {

    private final boolean compact;
    private final int indent;

    public JsonCodec(boolean compact, int indent) {
        this.compact = compact;
        this.indent = indent;
    }

    public String writeRow(Row row) {
        if (compact) {
            return writeCompact(row);
        }
        StringBuilder sb = new StringBuilder("{");
        Map<String, String> cells = row.cells();
        for (String key : cells.keySet()) {
            String value = cells.get(key);
            if (sb.length() > 1) {
                sb.append(',');
            }
            String name = escape(key);
            String literal = literal(value);
            sb.append(String.format("\"%s\":%s", name, literal));
        }
        return sb.append('}').toString();
    }

    private String writeCompact(Row row) {
        StringBuilder sb = new StringBuilder("[");
        for (String item : flatten(row.cells())) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append('"').append(escape(item)).append('"');
        }
        return sb.append(']').toString();
    }

    static String[] flatten(Map<String, String> cells) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : cells.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    static String literal(String value) {
        if (value.equals("true") || value.equals("false") || value.matches("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][-+]?\\d+)?")) {
            return value;
        }
        return '"' + escape(value) + '"';
    }

    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    static String unquote(String token) {
        String t = token.trim();
        if (t.length() >= 2 && t.charAt(0) == '"' && t.charAt(t.length() - 1) == '"') {
            t = t.substring(1, t.length() - 1);
            return t.replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\");
        }
        return t;
    }

    /** One line of a JSON Lines file. */
    public Row readRow(String source, int index, String line) {
        String body = line.trim();
        if (!body.startsWith("{") || !body.endsWith("}")) {
            throw new ConversionException(String.format("%s:%s: not a JSON object", source, index));
        }
        body = body.substring(1, body.length() - 1).trim();
        Row row = Row.empty(source, index);
        if (body.isEmpty()) {
            return row;
        }
        for (String pair : body.split(",\\s*(?=\")")) {
            int colon = pair.indexOf("\":");
            if (colon < 0) {
                throw new ConversionException(source + ":" + index + ": expected \"name\": value in " + pair);
            }
            row.put(unquote(pair.substring(0, colon + 1)), unquote(pair.substring(colon + 2)));
        }
        return row;
    }

    public int indent() {
        return indent;
    }
}
