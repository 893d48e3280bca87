package com.acme.mime.codec;

import com.acme.mime.MimeException;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;

/** Quoted-printable (RFC 2045 section 6.7), and the Q encoding of RFC 2047 once '_' is mapped back. */
public final class QuotedPrintableCodec {

    private static final int MAX_COLUMNS = 75;

    private QuotedPrintableCodec() {
    }

    /** Per quoted-printable part (MimeParser.decodeBody) and per Q encoded-word (HeaderDecoder). */
    public static byte[] decode(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '=') {
                out.write(c);
                continue;
            }
            if (i + 1 < text.length() && (text.charAt(i + 1) == '\r' || text.charAt(i + 1) == '\n')) {
                // soft line break
                i += text.charAt(i + 1) == '\r' && i + 2 < text.length() && text.charAt(i + 2) == '\n' ? 2 : 1;
                continue;
            }
            if (i + 2 >= text.length()) {
                throw new MimeException("truncated quoted-printable escape at " + i);
            }
            out.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
            i += 2;
        }
        return out.toByteArray();
    }

    /** Encodes a text body; MessageBuilder.writePart calls it for every text part. */
    public static String encode(String text, Charset charset) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        int lineStart = 0;
        while (lineStart <= text.length()) {
            int nl = text.indexOf('\n', lineStart);
            int lineEnd = nl < 0 ? text.length() : nl;
            int contentEnd = lineEnd > lineStart && text.charAt(lineEnd - 1) == '\r' ? lineEnd - 1 : lineEnd;
            byte[] bytes = text.substring(lineStart, contentEnd).getBytes(charset);
            int col = 0;
            for (byte b : bytes) {
                int v = b & 0xFF;
                String piece = (v >= 33 && v <= 126 && v != '=') || v == ' '
                        ? String.valueOf((char) v)
                        : String.format("=%02X", v);
                if (col + piece.length() > MAX_COLUMNS) {
                    sb.append("=\r\n");
                    col = 0;
                }
                sb.append(piece);
                col += piece.length();
            }
            if (nl < 0) {
                break;
            }
            sb.append("\r\n");
            lineStart = nl + 1;
        }
        return sb.toString();
    }
}
