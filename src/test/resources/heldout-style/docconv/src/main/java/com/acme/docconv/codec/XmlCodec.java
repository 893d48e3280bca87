package com.acme.docconv.codec;

import com.acme.docconv.model.Row;
import com.acme.docconv.model.Schema;
import com.acme.docconv.plugin.ConverterRegistry.ConversionException;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The XML dialect of the converter: a {@code <rows>} document of {@code <row n="..">} elements, one child
 * element per cell, one element per line. Not a general XML parser: it reads what {@link #writeRow} writes.
 */
public final class XmlCodec {

    static final String VERSION = "1.0";
    static final String ENCODING = "UTF-8";
    public static final String PROLOG = String.format("<?xml version=\"%s\" encoding=\"%s\"?>", VERSION, ENCODING);

    private final Map<String, Integer> positions;
    private final Map<String, String> documentAttributes;

    private XmlCodec(Map<String, Integer> positions, Map<String, String> documentAttributes) {
        for (String key : documentAttributes.keySet()) {
            if (!key.chars().allMatch(Character::isLetterOrDigit)) {
                throw new IllegalArgumentException("bad document attributes: " + String.join(" ",
                        Stream.concat(documentAttributes.keySet().stream(), documentAttributes.values().stream())
                                .toArray(String[]::new)));
            }
        }
        this.positions = positions;
        this.documentAttributes = documentAttributes;
    }

    /** One writer per output file. */
    public static XmlCodec writer(Schema schema, Map<String, String> documentAttributes) {
        return new XmlCodec(schema.positions(), new LinkedHashMap<>(documentAttributes));
    }

    public static XmlCodec reader() {
        return new XmlCodec(Map.of(), Map.of());
    }

    public void writeStart(StringBuilder out) {
        out.append(PROLOG).append('\n').append("<rows");
        for (Map.Entry<String, String> a : documentAttributes.entrySet()) {
            out.append(' ').append(a.getKey()).append("=\"").append(escape(a.getValue())).append('"');
        }
        out.append(">\n");
    }

    public void writeEnd(StringBuilder out) {
        out.append("</rows>\n");
    }

    public void writeRow(Row row, StringBuilder out) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("n", Integer.toString(row.index()));
        meta.put("source", row.source());
        String[] attrs = meta.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        out.append("  <row");
        for (int i = 0; i < attrs.length; i += 2) {
            out.append(' ').append(attrs[i]).append("=\"").append(escape(attrs[i + 1])).append('"');
        }
        out.append(">\n");
        for (Map.Entry<String, String> cell : row.cells().entrySet()) {
            String name = cell.getKey();
            String tag = name.replaceAll("[^A-Za-z0-9_.-]", "_");
            if (Schema.RESERVED.contains(tag.toUpperCase(Locale.ROOT))) {
                tag = "_" + tag;
            }
            String text = escape(cell.getValue());
            Integer col = positions.get(name);
            out.append(String.format("    <%s col=\"%s\">%s</%s>%n", tag, col, text, tag));
        }
        out.append("  </row>\n");
    }

    static String escape(String value) {
        return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String unescape(String value) {
        return value.replace("&quot;", "\"").replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&");
    }

    /** Reads the next row, or returns null at the end of the document. */
    public Row readRow(String source, Iterator<String> lines) {
        while (lines.hasNext()) {
            String line = lines.next();
            if (!line.trim().startsWith("<row ")) {
                continue;
            }
            int q1 = line.indexOf(" n=\"") + 3;
            int q2 = line.indexOf('"', q1 + 1);
            int index = Integer.parseInt(line.substring(q1 + 1, q2));
            Row row = Row.empty(source, index);
            while (lines.hasNext()) {
                String field = lines.next().trim();
                if (field.equals("</row>")) {
                    return row;
                }
                int open = field.indexOf('>');
                int close = field.lastIndexOf("</");
                if (!field.startsWith("<") || open < 0 || close < open) {
                    throw new ConversionException(source + ": row " + index + ": unreadable field " + field);
                }
                int end = field.indexOf(' ');
                if (end < 0 || end > open) {
                    end = open;
                }
                row.put(field.substring(1, end), unescape(field.substring(open + 1, close)));
            }
            throw new ConversionException("unterminated row " + index + " in " + source);
        }
        return null;
    }
}
