package com.acme.mime;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** A parsed Content-Type value: {@code type/subtype; name="value"; ...}. */
public final class ContentType {

    public static final ContentType TEXT_PLAIN =
            new ContentType("text", "plain", Collections.singletonMap("charset", "us-ascii"));
    public static final ContentType OCTET_STREAM =
            new ContentType("application", "octet-stream", Collections.<String, String>emptyMap());

    private static final String PARAM_SEPARATOR = "\\s*;\\s*";

    private static final String[][] EXTENSION_TABLE = {
        {"txt", "text/plain"}, {"html", "text/html"}, {"htm", "text/html"}, {"csv", "text/csv"},
        {"ics", "text/calendar"}, {"pdf", "application/pdf"}, {"zip", "application/zip"},
        {"json", "application/json"}, {"png", "image/png"}, {"jpg", "image/jpeg"},
        {"jpeg", "image/jpeg"}, {"gif", "image/gif"}, {"eml", "message/rfc822"},
    };

    private static final Map<String, String> BY_EXTENSION;
    private static final Set<String> KNOWN_TYPES;

    static {
        Map<String, String> m = new HashMap<>();
        for (String[] row : EXTENSION_TABLE) {
            m.put(row[0], row[1]);
        }
        BY_EXTENSION = Collections.unmodifiableMap(m);
        KNOWN_TYPES = BY_EXTENSION.values().stream().map(t -> t.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    }

    private final String primary;
    private final String subtype;
    private final Map<String, String> params;

    /** Runs for every Content-Type parsed or built: ContentType.parse calls it once per body part. */
    public ContentType(String primary, String subtype, Map<String, String> params) {
        this.primary = primary.toLowerCase(Locale.ROOT);
        this.subtype = subtype.toLowerCase(Locale.ROOT);
        this.params = new HashMap<>(params.size());
        for (Map.Entry<String, String> e : params.entrySet()) {
            this.params.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
    }

    /** Parses a header value; a missing header means text/plain (RFC 2045 section 5.2). */
    public static ContentType parse(String value) {
        if (value == null || value.trim().isEmpty()) {
            return TEXT_PLAIN;
        }
        String[] pieces = value.trim().split(PARAM_SEPARATOR);
        int slash = pieces[0].indexOf('/');
        if (slash <= 0) {
            throw new MimeException("malformed media type '" + pieces[0] + "'");
        }
        Map<String, String> params = new HashMap<>();
        for (int i = 1; i < pieces.length; i++) {
            int eq = pieces[i].indexOf('=');
            if (eq < 0) {
                continue;
            }
            String v = pieces[i].substring(eq + 1).trim();
            if (v.length() >= 2 && v.charAt(0) == '"') {
                v = v.substring(1, v.length() - 1);
            }
            params.put(pieces[i].substring(0, eq).trim(), v);
        }
        return new ContentType(pieces[0].substring(0, slash).trim(), pieces[0].substring(slash + 1).trim(), params);
    }

    /** Guesses an attachment's type from its file name; MessageBuilder.attachFile calls it per attachment. */
    public static ContentType forFileName(String fileName) {
        String ext = fileName.replaceFirst("^.*\\.", "").toLowerCase(Locale.ROOT);
        String type = BY_EXTENSION.get(ext);
        return type == null ? OCTET_STREAM : parse(type);
    }

    public String mimeType() {
        return primary + "/" + subtype;
    }

    public boolean isMultipart() {
        return "multipart".equals(primary);
    }

    public boolean isText() {
        return "text".equals(primary);
    }

    public boolean isKnown() {
        return KNOWN_TYPES.contains(mimeType());
    }

    public String param(String name) {
        return params.get(name.toLowerCase(Locale.ROOT));
    }

    public ContentType withParam(String name, String value) {
        Map<String, String> copy = new HashMap<>(params);
        copy.put(name, value);
        return new ContentType(primary, subtype, copy);
    }

    public Charset charset() {
        String cs = params.get("charset");
        if (cs == null) {
            return StandardCharsets.US_ASCII;
        }
        try {
            return Charset.forName(cs);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new MimeException(String.format("unsupported charset %s for %s/%s", cs, primary, subtype), e);
        }
    }

    /** The header value; MessageBuilder.writePart renders one for every part it writes. */
    public String toHeaderValue() {
        StringBuilder sb = new StringBuilder(primary).append('/').append(subtype);
        for (String name : params.keySet()) {
            sb.append("; ").append(name).append("=\"").append(params.get(name)).append('"');
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ContentType)) {
            return false;
        }
        ContentType other = (ContentType) o;
        return primary.equals(other.primary) && subtype.equals(other.subtype) && params.equals(other.params);
    }

    @Override
    public int hashCode() {
        return (primary.hashCode() * 31 + subtype.hashCode()) * 31 + params.hashCode();
    }

    @Override
    public String toString() {
        return String.format("ContentType[%s/%s]", primary, subtype);
    }
}
