package com.acme.mime.codec;

import com.acme.mime.MimeException;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/** Base64 (RFC 2045 section 6.8) with the MIME line length, plus the URL-safe alphabet for tokens. */
public final class Base64Codec {

    private static final char[] STD =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();
    private static final char[] URL_SAFE =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();
    private static final int[] DECODE = new int[128];
    private static final int MIME_LINE = 76;

    static {
        Arrays.fill(DECODE, -1);
        for (int i = 0; i < STD.length; i++) {
            DECODE[STD[i]] = i;
        }
        DECODE['-'] = 62;
        DECODE['_'] = 63;
    }

    private Base64Codec() {
    }

    public static String encode(byte[] data) {
        return encode(data, STD, true);
    }

    public static String encodeUrlSafe(byte[] data) {
        return encode(data, URL_SAFE, false);
    }

    private static String encode(byte[] data, char[] alphabet, boolean pad) {
        StringBuilder sb = new StringBuilder((data.length + 2) / 3 * 4);
        int i = 0;
        for (; i + 2 < data.length; i += 3) {
            int v = (data[i] & 0xFF) << 16 | (data[i + 1] & 0xFF) << 8 | (data[i + 2] & 0xFF);
            sb.append(alphabet[v >>> 18 & 63]).append(alphabet[v >>> 12 & 63])
                    .append(alphabet[v >>> 6 & 63]).append(alphabet[v & 63]);
        }
        int rest = data.length - i;
        if (rest > 0) {
            int v = (data[i] & 0xFF) << 16 | (rest == 2 ? (data[i + 1] & 0xFF) << 8 : 0);
            sb.append(alphabet[v >>> 18 & 63]).append(alphabet[v >>> 12 & 63]);
            if (rest == 2) {
                sb.append(alphabet[v >>> 6 & 63]);
            } else if (pad) {
                sb.append('=');
            }
            if (pad) {
                sb.append('=');
            }
        }
        return sb.toString();
    }

    /** Body encoding, wrapped at 76 columns; MessageBuilder.writePart calls it for every attachment. */
    public static String encodeMime(byte[] data) {
        String encoded = encode(data);
        StringBuilder sb = new StringBuilder(encoded.length() + encoded.length() / MIME_LINE * 2 + 2);
        for (int i = 0; i < encoded.length(); i += MIME_LINE) {
            sb.append(encoded.substring(i, Math.min(i + MIME_LINE, encoded.length()))).append("\r\n");
        }
        return sb.toString();
    }

    /** Decodes either alphabet, skipping line breaks; per base64 part and per B encoded-word. */
    public static byte[] decode(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() * 3 / 4 + 1);
        int acc = 0;
        int bits = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '=') {
                break;
            }
            if (c == '\r' || c == '\n' || c == ' ' || c == '\t') {
                continue;
            }
            int d = c < 128 ? DECODE[c] : -1;
            if (d < 0) {
                throw badInput(text, i);
            }
            acc = acc << 6 | d;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out.write(acc >>> bits & 0xFF);
            }
        }
        return out.toByteArray();
    }

    public static byte[] decodeUrlSafe(String token) {
        return decode(token);
    }

    private static MimeException badInput(String text, int pos) {
        StringBuilder sb = new StringBuilder("invalid base64 character at ").append(pos).append(" near '");
        sb.append(text.substring(Math.max(0, pos - 8), Math.min(text.length(), pos + 8)));
        return new MimeException(sb.append('\'').toString());
    }
}
