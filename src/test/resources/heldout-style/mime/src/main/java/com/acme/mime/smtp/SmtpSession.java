package com.acme.mime.smtp;

import com.acme.mime.MailAddress;
import com.acme.mime.MessageBuilder;
import com.acme.mime.MimeMessage;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * One SMTP client conversation (RFC 5321) over an open connection. The delivery loop opens a session
 * per relay and calls {@link #send} for every queued message.
 */
public final class SmtpSession implements Closeable {

    private static final Logger LOG = Logger.getLogger(SmtpSession.class.getName());

    /** Thrown for a reply we did not expect; {@link #code} is the server's reply code, or -1. */
    public static final class SmtpException extends IOException {
        private static final long serialVersionUID = 1L;
        public final int code;

        public SmtpException(String message, int code) {
            super(message);
            this.code = code;
        }
    }

    private static final class Reply {
        final int code;
        final String message;
        final List<String> lines;

        Reply(int code, List<String> lines) {
            this.code = code;
            this.lines = lines;
            this.message = String.join(" ", lines);
        }
    }

    private final SmtpClientConfig config;
    private final String host;
    private final int port;
    private final BufferedReader in;
    private final OutputStream out;
    private final long connectedAt;
    private Map<String, String> extensions = Collections.emptyMap();

    public SmtpSession(SmtpClientConfig config, String host, int port, InputStream rawIn, OutputStream rawOut) throws IOException {
        this.config = config;
        this.host = host;
        this.port = port;
        this.in = new BufferedReader(new InputStreamReader(rawIn, StandardCharsets.US_ASCII));
        this.out = rawOut;
        this.connectedAt = System.currentTimeMillis();
        expect(220, readReply());
        ehlo();
    }

    private void ehlo() throws IOException {
        Reply r = command("EHLO " + config.heloName());
        expect(250, r);
        Map<String, String> ext = new HashMap<>((int) (r.lines.size() / 0.75f) + 1);
        for (String line : r.lines.subList(1, r.lines.size())) {
            int sp = line.indexOf(' ');
            ext.put((sp < 0 ? line : line.substring(0, sp)).toUpperCase(Locale.ROOT), sp < 0 ? "" : line.substring(sp + 1));
        }
        extensions = ext;
    }

    /** Sends one message; the delivery loop calls this for every queued message. */
    public void send(MimeMessage message) throws IOException {
        MimeMessage copy = new MimeMessage(message);
        config.applyTo(copy);
        String date = new SimpleDateFormat("EEE, d MMM yyyy HH:mm:ss Z", Locale.US).format(new Date());
        copy.addHeader("Received", config.receivedHeader(host, date));

        List<MailAddress> to = addresses(copy, "To");
        List<MailAddress> cc = addresses(copy, "Cc");
        List<MailAddress> bcc = addresses(copy, "Bcc");
        Set<MailAddress> recipients = new HashSet<>();
        recipients.addAll(to);
        recipients.addAll(cc);
        recipients.addAll(bcc);

        String from = MailAddress.parse(copy.header("From")).addrSpec();
        String messageId = copy.header("Message-ID");
        LOG.fine(String.format("sending %s from %s via %s", messageId, from, host));
        expect(250, command(String.format("MAIL FROM:<%s>", from)));
        String[] rcpts = recipients.stream().map(a -> a.addrSpec()).toArray(String[]::new);
        List<String> rejected = new ArrayList<>();
        for (String rcpt : rcpts) {
            Reply r = command(String.format("RCPT TO:<%s>", rcpt));
            if (r.code >= 400) {
                rejected.add(rcpt);
            }
        }
        if (rejected.size() == rcpts.length) {
            command("RSET");
            String who = String.join(", ", rejected);
            throw new SmtpException(String.format("all recipients rejected by %s: %s", host, who), 550);
        }
        expect(354, command("DATA"));
        try {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            MessageBuilder.write(copy, buffer);
            writeDotStuffed(buffer.toByteArray());
        } catch (IOException e) {
            List<String> pending = recipients.stream().map(a -> a.addrSpec()).collect(Collectors.toList());
            LOG.log(Level.WARNING, "DATA to " + host + " failed, recipients not delivered: " + pending, e);
            throw e;
        }
        expect(250, readReply());
    }

    private static List<MailAddress> addresses(MimeMessage m, String header) {
        String value = m.header(header);
        return value == null || value.trim().isEmpty() ? Collections.<MailAddress>emptyList() : MailAddress.parseList(value);
    }

    private void writeDotStuffed(byte[] data) throws IOException {
        boolean lineStart = true;
        for (byte b : data) {
            if (lineStart && b == '.') {
                out.write('.');
            }
            out.write(b);
            lineStart = b == '\n';
        }
        if (!lineStart) {
            out.write('\r');
            out.write('\n');
        }
        out.write(".\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private Reply command(String line) throws IOException {
        out.write(line.getBytes(StandardCharsets.US_ASCII));
        out.write('\r');
        out.write('\n');
        out.flush();
        return readReply();
    }

    private Reply readReply() throws IOException {
        List<String> lines = new ArrayList<>();
        String line;
        int code;
        do {
            line = in.readLine();
            if (line == null) {
                throw new SmtpException("connection closed by " + host, -1);
            }
            if (line.length() < 3) {
                throw new SmtpException("malformed reply from " + host + ": '" + line + "'", -1);
            }
            code = Integer.parseInt(line.substring(0, 3));
            lines.add(line.length() > 4 ? line.substring(4) : "");
        } while (line.length() > 3 && line.charAt(3) == '-');
        return new Reply(code, lines);
    }

    private void expect(int expected, Reply reply) throws SmtpException {
        if (reply.code != expected) {
            String text = reply.message.replaceAll("\\s+", " ");
            throw new SmtpException(String.format(Locale.ROOT, "expected %d from %s but got %d %s", expected, host, reply.code, text), reply.code);
        }
    }

    public boolean supports(String extension) {
        return extensions.containsKey(extension.toUpperCase(Locale.ROOT));
    }

    @Override
    public void close() throws IOException {
        try {
            command("QUIT");
        } finally {
            out.close();
        }
    }

    @Override
    public String toString() {
        return "SmtpSession[" + host + ":" + port + ", id=" + Integer.toHexString(Objects.hash(host, port, connectedAt)) + "]";
    }
}
