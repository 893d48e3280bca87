package com.acme.resolver.wire;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** One DNS message, immutable once built. Names are stored lower-case, without the trailing dot. */
public final class DnsMessage {
    public static final int FLAG_QR = 0x8000;
    public static final int FLAG_AA = 0x0400;
    public static final int FLAG_TC = 0x0200;
    public static final int FLAG_RD = 0x0100;
    public static final int FLAG_RA = 0x0080;

    public static final int RCODE_NOERROR = 0;
    public static final int RCODE_FORMERR = 1;
    public static final int RCODE_SERVFAIL = 2;
    public static final int RCODE_NXDOMAIN = 3;
    public static final int RCODE_REFUSED = 5;

    public static final int CLASS_IN = 1;
    public static final int CLASS_CH = 3;

    public final int id;
    public final int flags;
    public final List<Question> questions;
    public final List<Record> answers;
    public final List<Record> authority;
    public final List<Record> additional;

    public DnsMessage(int id, int flags, List<Question> questions, List<Record> answers,
                      List<Record> authority, List<Record> additional) {
        this.id = id;
        this.flags = flags;
        this.questions = questions;
        this.answers = answers;
        this.authority = authority;
        this.additional = additional;
    }

    public int rcode() {
        return flags & 0x000F;
    }

    public boolean truncated() {
        return (flags & FLAG_TC) != 0;
    }

    public Question question() {
        return questions.isEmpty() ? null : questions.get(0);
    }

    /** The response to this query: same id and question, RD copied, QR and RA set. */
    public DnsMessage reply(int rcode, List<Record> answers, List<Record> authority) {
        int replyFlags = FLAG_QR | FLAG_RA | (flags & FLAG_RD) | (rcode & 0x000F);
        return new DnsMessage(id, replyFlags, questions, answers, authority, Collections.emptyList());
    }

    /** The same message under another transaction id (a shared upstream answer handed to a second client). */
    public DnsMessage withId(int newId) {
        return new DnsMessage(newId, flags, questions, answers, authority, additional);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(";; id ").append(id).append(", rcode ").append(rcode()).append('\n');
        for (Question q : questions) {
            sb.append(';').append(q).append('\n');
        }
        List<String> lines = answers.stream()
                .map(Record::toString)
                .collect(Collectors.toList());
        sb.append(String.join("\n", lines));
        return sb.toString();
    }

    public static final class Question {
        public final String name;
        public final int type;
        public final int qclass;

        public Question(String name, int type, int qclass) {
            this.name = name;
            this.type = type;
            this.qclass = qclass;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Question)) {
                return false;
            }
            Question other = (Question) o;
            return type == other.type && qclass == other.qclass && name.equals(other.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, type, qclass);
        }

        @Override
        public String toString() {
            String typeName = RecordType.toString(type);
            return String.format("%s IN %s", name, typeName);
        }
    }

    public static final class Record {
        public final String name;
        public final int type;
        public final int rclass;
        public final int ttl;
        public final byte[] rdata;

        public Record(String name, int type, int rclass, int ttl, byte[] rdata) {
            this.name = name;
            this.type = type;
            this.rclass = rclass;
            this.ttl = ttl;
            this.rdata = rdata;
        }

        public Record withTtl(int newTtl) {
            return newTtl == ttl ? this : new Record(name, type, rclass, newTtl, rdata);
        }

        @Override
        public String toString() {
            String typeName = RecordType.toString(type);
            String data;
            if (type == RecordType.A.code && rdata.length == 4) {
                int addr = (rdata[0] & 0xFF) << 24
                        | (rdata[1] & 0xFF) << 16
                        | (rdata[2] & 0xFF) << 8
                        | (rdata[3] & 0xFF);
                data = (addr >>> 24) + "." + (addr >>> 16 & 0xFF) + "." + (addr >>> 8 & 0xFF) + "." + (addr & 0xFF);
            } else {
                data = "\\# " + rdata.length;
            }
            return String.format("%s %s IN %s %s", name, ttl, typeName, data);
        }
    }
}
