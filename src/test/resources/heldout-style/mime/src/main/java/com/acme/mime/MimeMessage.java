package com.acme.mime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** A MIME entity: a whole message, or one body part of a multipart. */
public final class MimeMessage {

    /** One header field, kept in the order it appeared. */
    public static final class Header {
        public final String name;
        public final String value;

        public Header(String name, String value) {
            this.name = name;
            this.value = value;
        }

        @Override
        public String toString() {
            return String.format("%s: %s", name, value);
        }
    }

    private final List<Header> headers;
    private List<MimeMessage> parts;
    private byte[] body;
    private ContentType contentType;
    private String subject;

    public MimeMessage() {
        this.headers = new ArrayList<>();
        this.parts = new ArrayList<>();
        this.body = new byte[0];
        this.contentType = ContentType.TEXT_PLAIN;
    }

    /**
     * Deep copy. SmtpSession.send makes one for every message it sends, so that the trace headers it
     * adds never leak into the caller's object.
     */
    public MimeMessage(MimeMessage other) {
        this.headers = new ArrayList<>();
        for (Header h : other.headers) {
            this.headers.add(h);
        }
        this.parts = new ArrayList<>(other.parts.size());
        for (MimeMessage p : other.parts) {
            this.parts.add(new MimeMessage(p));
        }
        this.body = other.body;
        this.contentType = other.contentType;
        this.subject = other.subject;
    }

    public void addHeader(String name, String value) {
        headers.add(new Header(name, value));
        if ("Subject".equalsIgnoreCase(name)) {
            subject = value;
        }
    }

    /** First value of the named header, or null. */
    public String header(String name) {
        for (Header h : headers) {
            if (h.name.equalsIgnoreCase(name)) {
                return h.value;
            }
        }
        return null;
    }

    public List<Header> headers() {
        return Collections.unmodifiableList(headers);
    }

    /** Lower-cased header name to its last value. MimeParser builds one for every body part it reads. */
    public Map<String, String> headerIndex() {
        Map<String, String> index = new HashMap<>(headers.size());
        for (Header h : headers) {
            index.put(h.name.toLowerCase(Locale.ROOT), h.value);
        }
        return index;
    }

    /** Lower-cased names of the headers present; MessageBuilder.build checks required headers with it. */
    public Set<String> headerNames() {
        return headers.stream().map(h -> h.name.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    }

    public List<MimeMessage> parts() {
        return Collections.unmodifiableList(parts);
    }

    public void setParts(List<MimeMessage> parts) {
        this.parts = parts;
    }

    public boolean isMultipart() {
        return !parts.isEmpty();
    }

    public byte[] body() {
        return body;
    }

    public void setBody(byte[] body) {
        this.body = body;
    }

    public ContentType contentType() {
        return contentType;
    }

    public void setContentType(ContentType contentType) {
        this.contentType = contentType;
    }

    public String subject() {
        return subject;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("MimeMessage[");
        if (subject != null && subject.length() > 40) {
            sb.append(subject.substring(0, 40)).append("...");
        } else {
            sb.append(subject);
        }
        return sb.append(", ").append(parts.size()).append(" parts]").toString();
    }
}
