package com.acme.mime;

import com.acme.mime.codec.Base64Codec;
import com.acme.mime.codec.QuotedPrintableCodec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Builds one outgoing message. Applications create a builder per message and call {@link #build()} once. */
public final class MessageBuilder {

    /** Signs a message (DKIM or S/MIME): gets the signed header names, then their values, then the body. */
    public interface Signer {
        String headerName();

        String sign(String[] namesThenValues, byte[] body);
    }

    /** Turns an attachment object into bytes. */
    interface BodyWriter {
        byte[] toBytes(Object body);
    }

    private static final Map<String, String> DEFAULT_HEADERS = defaultHeaders();
    private static final String[] DEFAULT_HEADER_PAIRS = DEFAULT_HEADERS.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    private static final List<String> REQUIRED_HEADERS = Arrays.asList("from", "to", "date", "message-id");
    private static final List<String> SIGNED_HEADERS = Arrays.asList("From", "To", "Subject", "Date", "Message-ID");
    private static final Map<Class<?>, BodyWriter> WRITERS = new ConcurrentHashMap<>();
    private static final AtomicLong BOUNDARY_SEQ = new AtomicLong();

    private final MessageIdFactory ids;
    private MailAddress from;
    private final List<MailAddress> to = new ArrayList<>();
    private String subject = "";
    private String text = "";
    private final Map<String, Object> attachments = new LinkedHashMap<>();
    private Signer signer;

    public MessageBuilder(MessageIdFactory ids) {
        this.ids = ids;
    }

    private static Map<String, String> defaultHeaders() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("MIME-Version", "1.0");
        m.put("X-Mailer", "acme-mime");
        return m;
    }

    public MessageBuilder from(MailAddress address) {
        this.from = address;
        return this;
    }

    public MessageBuilder to(MailAddress address) {
        to.add(address);
        return this;
    }

    public MessageBuilder subject(String subject) {
        this.subject = subject;
        return this;
    }

    public MessageBuilder text(String text) {
        this.text = text;
        return this;
    }

    /** Adds an attachment: a byte[], a CharSequence or a Path. */
    public MessageBuilder attach(String fileName, Object body) {
        attachments.put(fileName, body);
        return this;
    }

    public MessageBuilder signWith(Signer signer) {
        this.signer = signer;
        return this;
    }

    public MimeMessage build() {
        MimeMessage m = new MimeMessage();
        for (int i = 0; i < DEFAULT_HEADER_PAIRS.length; i += 2) {
            m.addHeader(DEFAULT_HEADER_PAIRS[i], DEFAULT_HEADER_PAIRS[i + 1]);
        }
        if (from != null) {
            m.addHeader("From", from.toHeaderValue());
        }
        List<String> rendered = to.stream().map(a -> a.toHeaderValue()).collect(Collectors.toList());
        if (!rendered.isEmpty()) {
            m.addHeader("To", String.join(", ", rendered));
        }
        m.addHeader("Subject", HeaderDecoder.encode(subject, StandardCharsets.UTF_8));
        long now = System.currentTimeMillis();
        m.addHeader("Date", new SimpleDateFormat("EEE, d MMM yyyy HH:mm:ss Z", Locale.US).format(new Date(now)));
        m.addHeader("Message-ID", ids.newMessageId(now));

        Set<String> missing = new HashSet<>();
        missing.addAll(REQUIRED_HEADERS);
        missing.removeAll(m.headerNames());
        if (!missing.isEmpty()) {
            String names = String.join(", ", missing);
            String detail = String.format("message lacks required headers: %s", names);
            throw new MimeException(detail);
        }

        MimeMessage textPart = new MimeMessage();
        textPart.setContentType(ContentType.TEXT_PLAIN.withParam("charset", "utf-8"));
        textPart.setBody(text.getBytes(StandardCharsets.UTF_8));
        if (attachments.isEmpty()) {
            m.setContentType(textPart.contentType());
            m.setBody(textPart.body());
        } else {
            String boundary = newBoundary();
            assert boundary.length() <= 70 : String.format("boundary %s is longer than RFC 2046 allows", boundary);
            List<MimeMessage> parts = new ArrayList<>(attachments.size() + 1);
            parts.add(textPart);
            for (Map.Entry<String, Object> a : attachments.entrySet()) {
                MimeMessage part = new MimeMessage();
                part.setContentType(ContentType.forFileName(a.getKey()).withParam("name", a.getKey()));
                part.setBody(writerFor(a.getValue().getClass()).toBytes(a.getValue()));
                parts.add(part);
            }
            m.setContentType(ContentType.parse("multipart/mixed").withParam("boundary", boundary));
            m.setParts(parts);
        }

        if (signer != null) {
            Map<String, String> signed = new HashMap<>();
            for (String name : SIGNED_HEADERS) {
                String value = m.header(name);
                if (value != null) {
                    signed.put(name, value);
                }
            }
            m.addHeader(signer.headerName(), signer.sign(namesThenValues(signed), m.body()));
        }
        return m;
    }

    /** The Signer's input shape; called once per signed message. */
    private static String[] namesThenValues(Map<String, String> headers) {
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : headers.entrySet()) {
            names.add(e.getKey());
            values.add(e.getValue());
        }
        names.addAll(values);
        return names.toArray(new String[0]);
    }

    /** Called once per multipart message built. */
    private static String newBoundary() {
        long seq = BOUNDARY_SEQ.incrementAndGet();
        long now = System.nanoTime();
        return String.format(Locale.ROOT, "----=_Part_%d_%d", seq, now);
    }

    private static BodyWriter writerFor(Class<?> type) {
        return WRITERS.computeIfAbsent(type, t -> {
            if (t == byte[].class) {
                return b -> (byte[]) b;
            }
            if (CharSequence.class.isAssignableFrom(t)) {
                return b -> b.toString().getBytes(StandardCharsets.UTF_8);
            }
            if (Path.class.isAssignableFrom(t)) {
                return b -> readFile((Path) b);
            }
            throw new MimeException("no body writer for " + t.getName());
        });
    }

    private static byte[] readFile(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) != -1) {
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Serialises a message to the wire; SmtpSession.send calls it for every message. */
    public static void write(MimeMessage m, OutputStream out) throws IOException {
        writePart(m, out);
    }

    private static void writePart(MimeMessage m, OutputStream out) throws IOException {
        StringBuilder head = new StringBuilder();
        for (MimeMessage.Header h : m.headers()) {
            if (!h.name.equalsIgnoreCase("Content-Type") && !h.name.equalsIgnoreCase("Content-Transfer-Encoding")) {
                head.append(HeaderDecoder.fold(h.name, h.value)).append("\r\n");
            }
        }
        ContentType type = m.contentType();
        head.append(HeaderDecoder.fold("Content-Type", type.toHeaderValue())).append("\r\n");
        if (m.isMultipart()) {
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            byte[] delimiter = ("--" + type.param("boundary")).getBytes(StandardCharsets.US_ASCII);
            for (MimeMessage part : m.parts()) {
                out.write(delimiter);
                out.write('\r');
                out.write('\n');
                writePart(part, out);
                out.write('\r');
                out.write('\n');
            }
            out.write(delimiter);
            out.write("--\r\n".getBytes(StandardCharsets.US_ASCII));
            return;
        }
        String encoded;
        if (type.isText()) {
            head.append("Content-Transfer-Encoding: quoted-printable\r\n");
            encoded = QuotedPrintableCodec.encode(new String(m.body(), type.charset()), type.charset());
        } else {
            head.append("Content-Transfer-Encoding: base64\r\n");
            encoded = Base64Codec.encodeMime(m.body());
        }
        out.write(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
        out.write(encoded.getBytes(StandardCharsets.US_ASCII));
    }
}
