package com.acme.mime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** An RFC 5322 mailbox: an optional display name and an addr-spec. */
public final class MailAddress {

    private static final String ADDR_SPEC = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+";

    private final String displayName;
    private final String localPart;
    private final String domain;

    public MailAddress(String displayName, String localPart, String domain) {
        this.displayName = displayName;
        this.localPart = localPart;
        this.domain = domain.toLowerCase(Locale.ROOT);
    }

    /** Parses one mailbox such as {@code "Jane Doe" <jane@example.org>}; runs for every From/To/Cc value. */
    public static MailAddress parse(String text) {
        String s = text.trim();
        String name = null;
        int lt = s.lastIndexOf('<');
        if (lt >= 0) {
            int gt = s.indexOf('>', lt);
            if (gt < 0) {
                throw new MimeException(String.format("unterminated angle address in '%s'", text));
            }
            name = unquote(s.substring(0, lt).trim());
            s = s.substring(lt + 1, gt).trim();
        }
        if (!s.matches(ADDR_SPEC)) {
            throw invalid(text, "not an addr-spec");
        }
        int at = s.lastIndexOf('@');
        return new MailAddress(name == null || name.isEmpty() ? null : name, s.substring(0, at), s.substring(at + 1));
    }

    /** Parses an address-list header (To, Cc); one call per such header of every message. */
    public static List<MailAddress> parseList(String value) {
        String[] items = value.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)");
        List<MailAddress> out = new ArrayList<>();
        for (String item : items) {
            out.add(parse(item));
        }
        return out;
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"') {
            return s.substring(1, s.length() - 1).replace("\\\"", "\"");
        }
        return s;
    }

    private static MimeException invalid(String text, String reason) {
        return new MimeException(String.format("invalid address '%s': %s", text, reason));
    }

    public String addrSpec() {
        return localPart + "@" + domain;
    }

    public String displayName() {
        return displayName;
    }

    /** The form written into From/To headers; MessageBuilder.build renders every recipient with it. */
    public String toHeaderValue() {
        String addr = addrSpec();
        if (displayName == null) {
            return addr;
        }
        String quoted = displayName.replace("\"", "\\\"");
        return String.format("\"%s\" <%s>", quoted, addr);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MailAddress)) {
            return false;
        }
        MailAddress other = (MailAddress) o;
        return localPart.equals(other.localPart) && domain.equals(other.domain);
    }

    @Override
    public int hashCode() {
        return Objects.hash(localPart, domain);
    }

    @Override
    public String toString() {
        return "MailAddress[" + displayName + " <" + localPart + "@" + domain + ">]";
    }
}
