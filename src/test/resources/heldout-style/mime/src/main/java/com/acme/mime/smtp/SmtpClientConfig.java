package com.acme.mime.smtp;

import com.acme.mime.MimeMessage;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Settings of an SMTP client. Built once when the application starts, but {@link #applyTo} and
 * {@link #receivedHeader} run for every message a session sends.
 */
public final class SmtpClientConfig {

    /** ESMTP extensions we use when offered, in the order we prefer them. */
    static final List<String> PREFERRED_EXTENSIONS = Arrays.asList("smtputf8", "8bitmime", "pipelining", "size").stream().map(e -> e.toUpperCase(Locale.ROOT)).collect(Collectors.toList());
    static final Set<String> SUPPORTED_AUTH = Arrays.asList("plain", "login", "xoauth2").stream().map(m -> m.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());

    private static final String[] REPLY_TABLE = {
        "421 service not available", "450 mailbox unavailable", "451 local error in processing",
        "452 insufficient system storage", "500 syntax error", "501 syntax error in parameters",
        "503 bad sequence of commands", "550 mailbox unavailable", "552 message size exceeds limit",
        "553 mailbox name not allowed", "554 transaction failed",
    };
    private static final Map<String, String> REPLY_TEXT;

    static {
        Map<String, String> m = new HashMap<>(REPLY_TABLE.length);
        for (String row : REPLY_TABLE) {
            m.put(row.substring(0, 3), row.substring(4));
        }
        REPLY_TEXT = Collections.unmodifiableMap(m);
    }

    private final String heloName;
    private final Map<String, String> extraHeaders;
    private final List<String> authMechanisms;
    private final int timeoutMillis;

    public SmtpClientConfig(String heloName, Map<String, String> extraHeaders, List<String> authMechanisms, int timeoutMillis) {
        if (heloName == null || heloName.isEmpty()) {
            throw new IllegalArgumentException("heloName is required");
        }
        this.heloName = heloName;
        this.extraHeaders = new HashMap<>(extraHeaders);
        this.authMechanisms = authMechanisms;
        this.timeoutMillis = timeoutMillis;
    }

    /** Reads {@code mail.smtp.*} and {@code mail.header.*} properties; the application calls this at start-up. */
    public static SmtpClientConfig fromProperties(Properties p) {
        String helo = p.getProperty("mail.smtp.helo");
        if (helo == null) {
            throw new IllegalArgumentException("missing property mail.smtp.helo");
        }
        Map<String, String> headers = new HashMap<>();
        for (String name : p.stringPropertyNames()) {
            if (name.startsWith("mail.header.")) {
                headers.put(name.substring("mail.header.".length()), p.getProperty(name));
            }
        }
        String[] mechanisms = p.getProperty("mail.smtp.auth.mechanisms", "PLAIN LOGIN").split("[\\s,]+");
        int timeout = Integer.parseInt(p.getProperty("mail.smtp.timeout", "30000"));
        return new SmtpClientConfig(helo, headers, Arrays.asList(mechanisms), timeout);
    }

    public String heloName() {
        return heloName;
    }

    public int timeoutMillis() {
        return timeoutMillis;
    }

    public List<String> authMechanisms() {
        return authMechanisms;
    }

    /** Adds the configured extra headers; SmtpSession.send calls this for every message. */
    public void applyTo(MimeMessage message) {
        for (String name : extraHeaders.keySet()) {
            message.addHeader(name, extraHeaders.get(name));
        }
    }

    /** The Received: trace value for one message (RFC 5321 section 4.4). */
    public String receivedHeader(String serverHost, String date) {
        return String.format("from %s by %s with ESMTP; %s", heloName, serverHost, date);
    }

    static String describe(int code) {
        String text = REPLY_TEXT.get(Integer.toString(code));
        return text == null ? "unknown reply" : text;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SmtpClientConfig[helo=").append(heloName);
        for (String name : extraHeaders.keySet()) {
            sb.append(", ").append(name).append('=').append(extraHeaders.get(name));
        }
        return sb.append(']').toString();
    }
}
