package com.acme.mime;

import com.acme.mime.codec.Base64Codec;
import com.acme.mime.codec.QuotedPrintableCodec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/** Parses RFC 5322 / MIME messages into {@link MimeMessage} trees. One instance per importer or client. */
public final class MimeParser {

    /** Receives every leaf part as it is parsed: its header names, then its header values, then the body. */
    public interface PartListener {
        void onPart(String[] namesThenValues, byte[] body);
    }

    private static final int MAX_DEPTH = 20;

    private final PartListener listener;

    public MimeParser() {
        this(null);
    }

    public MimeParser(PartListener listener) {
        this.listener = listener;
    }

    /** Parses one message from a stream; SmtpServer-side code and tests call this once per message. */
    public MimeMessage parse(InputStream in) throws IOException {
        return parse(readAll(in));
    }

    /** Parses one message held in memory; MboxImporter calls this once per mbox record. */
    public MimeMessage parse(byte[] raw) {
        return parsePart(raw, 0, raw.length, 0);
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            out.write(chunk, 0, n);
        }
        return out.toByteArray();
    }

    private MimeMessage parsePart(byte[] raw, int start, int end, int depth) {
        if (depth > MAX_DEPTH) {
            throw MimeException.at(start, "multipart nesting", "deeper than " + MAX_DEPTH + " levels");
        }
        MimeMessage part = new MimeMessage();
        int bodyStart = readHeaders(raw, start, end, part);
        Map<String, String> index = part.headerIndex();
        ContentType type = ContentType.parse(index.get("content-type"));
        part.setContentType(type);
        String cte = index.getOrDefault("content-transfer-encoding", "7bit").trim().toLowerCase(Locale.ROOT);
        if (type.isMultipart()) {
            String boundary = type.param("boundary");
            if (boundary == null) {
                throw MimeException.at(start, "multipart without boundary", type.mimeType());
            }
            List<int[]> sections = split(raw, bodyStart, end, boundary);
            List<MimeMessage> children = new ArrayList<>();
            for (int[] section : sections) {
                children.add(parsePart(raw, section[0], section[1], depth + 1));
            }
            part.setParts(children);
        } else {
            byte[] body = decodeBody(raw, bodyStart, end, cte);
            part.setBody(body);
            if (listener != null) {
                String[] cells = Stream.concat(index.keySet().stream(), index.values().stream()).toArray(String[]::new);
                listener.onPart(cells, body);
            }
        }
        return part;
    }

    /** Reads the header block starting at {@code start}; returns the offset of the body. */
    private static int readHeaders(byte[] raw, int start, int end, MimeMessage part) {
        int pos = start;
        StringBuilder current = null;
        while (pos < end) {
            int eol = indexOf(raw, (byte) '\n', pos, end);
            int lineEnd = eol < 0 ? end : eol;
            int contentEnd = lineEnd > pos && raw[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
            String line = new String(raw, pos, contentEnd - pos, StandardCharsets.ISO_8859_1);
            pos = eol < 0 ? end : eol + 1;
            if (line.isEmpty()) {
                break;
            }
            if ((line.charAt(0) == ' ' || line.charAt(0) == '\t') && current != null) {
                current.append("\r\n").append(line);
                continue;
            }
            addHeader(part, current);
            current = new StringBuilder(line);
        }
        addHeader(part, current);
        return pos;
    }

    private static void addHeader(MimeMessage part, StringBuilder line) {
        if (line == null) {
            return;
        }
        int colon = line.indexOf(":");
        if (colon <= 0) {
            return; // not a header: tolerated, as real mail has such lines
        }
        part.addHeader(line.substring(0, colon).trim(), HeaderDecoder.decode(line.substring(colon + 1).trim()));
    }

    private static List<int[]> split(byte[] raw, int start, int end, String boundary) {
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        List<int[]> sections = new ArrayList<>();
        int sectionStart = -1;
        int pos = start;
        while (pos < end) {
            int eol = indexOf(raw, (byte) '\n', pos, end);
            int lineEnd = eol < 0 ? end : eol;
            if (startsWith(raw, pos, lineEnd, delimiter)) {
                if (sectionStart >= 0) {
                    int sectionEnd = pos > sectionStart && raw[pos - 1] == '\n' ? pos - 1 : pos;
                    if (sectionEnd > sectionStart && raw[sectionEnd - 1] == '\r') {
                        sectionEnd--;
                    }
                    sections.add(new int[] {sectionStart, sectionEnd});
                }
                int after = pos + delimiter.length;
                if (after + 1 < end && raw[after] == '-' && raw[after + 1] == '-') {
                    return sections; // close delimiter
                }
                sectionStart = eol < 0 ? end : eol + 1;
            }
            pos = eol < 0 ? end : eol + 1;
        }
        throw MimeException.at(start, "multipart body", "no closing boundary " + boundary);
    }

    private static byte[] decodeBody(byte[] raw, int start, int end, String cte) {
        switch (cte) {
            case "7bit":
            case "8bit":
            case "binary":
                return Arrays.copyOfRange(raw, start, end);
            case "base64":
                return Base64Codec.decode(new String(raw, start, end - start, StandardCharsets.ISO_8859_1));
            case "quoted-printable":
                return QuotedPrintableCodec.decode(new String(raw, start, end - start, StandardCharsets.ISO_8859_1));
            default:
                throw MimeException.at(start, "unknown Content-Transfer-Encoding", cte);
        }
    }

    private static int indexOf(byte[] raw, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (raw[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] raw, int from, int to, byte[] prefix) {
        if (to - from < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (raw[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
