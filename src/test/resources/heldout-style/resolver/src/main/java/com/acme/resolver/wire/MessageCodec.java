package com.acme.resolver.wire;

import com.acme.resolver.wire.DnsMessage.Question;
import com.acme.resolver.wire.DnsMessage.Record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** RFC 1035 wire format. Stateless: called for every datagram received and every response sent. */
public final class MessageCodec {

    /** A message we cannot parse; the server answers FORMERR or drops it. */
    public static final class WireFormatException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final int offset;

        public WireFormatException(String what, int offset) {
            super(String.format("%s at offset %s", what, offset));
            this.offset = offset;
        }

        public int offset() {
            return offset;
        }
    }

    private static final int HEADER_LENGTH = 12;
    private static final int MAX_LABEL = 63;
    private static final int MAX_NAME = 255;
    private static final int MAX_POINTERS = 16;

    private MessageCodec() {
    }

    public static DnsMessage decode(byte[] b, int offset, int length) {
        if (length < HEADER_LENGTH) {
            throw new WireFormatException("message shorter than its header", offset + length);
        }
        Reader r = new Reader(b, offset, length);
        int id = r.u16();
        int flags = r.u16();
        int qdcount = r.u16();
        int ancount = r.u16();
        int nscount = r.u16();
        int arcount = r.u16();
        try {
            List<Question> questions = new ArrayList<>(qdcount);
            for (int i = 0; i < qdcount; i++) {
                String name = r.name();
                int type = r.u16();
                int qclass = r.u16();
                questions.add(new Question(name, type, qclass));
            }
            List<Record> answers = readRecords(r, ancount);
            List<Record> authority = readRecords(r, nscount);
            List<Record> additional = readRecords(r, arcount);
            return new DnsMessage(id, flags, questions, answers, authority, additional);
        } catch (ArrayIndexOutOfBoundsException e) {
            int idAndFlags = (b[offset] & 0xFF) << 24
                    | (b[offset + 1] & 0xFF) << 16
                    | (b[offset + 2] & 0xFF) << 8
                    | (b[offset + 3] & 0xFF);
            throw new WireFormatException("corrupt message " + Integer.toHexString(idAndFlags), r.pos);
        }
    }

    private static List<Record> readRecords(Reader r, int count) {
        List<Record> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = r.name();
            int type = r.u16();
            int rclass = r.u16();
            int ttl = r.i32();
            int rdlength = r.u16();
            byte[] rdata;
            if (type == RecordType.CNAME.code || type == RecordType.NS.code || type == RecordType.PTR.code) {
                // expand compression pointers so the cached RDATA stands on its own
                int end = r.pos + rdlength;
                rdata = encodeName(r.name());
                r.pos = end;
            } else {
                rdata = r.bytes(rdlength);
            }
            records.add(new Record(name, type, rclass, ttl, rdata));
        }
        return records;
    }

    /** The SOA MINIMUM field, the last 32 bits of the RDATA: the negative-caching TTL of RFC 2308. */
    public static int soaMinimum(Record soa) {
        byte[] rd = soa.rdata;
        int p = rd.length - 4;
        return (rd[p] & 0xFF) << 24
                | (rd[p + 1] & 0xFF) << 16
                | (rd[p + 2] & 0xFF) << 8
                | (rd[p + 3] & 0xFF);
    }

    /** Reads an uncompressed name out of an RDATA (the target of a CNAME, NS or PTR record). */
    public static String decodeName(byte[] rdata, int offset) {
        return new Reader(rdata, 0, rdata.length).at(offset).name();
    }

    public static byte[] encodeName(String name) {
        Writer w = new Writer(name.length() + 2);
        w.name(name);
        return w.toByteArray();
    }

    public static byte[] encode(DnsMessage m) {
        Writer w = new Writer(512);
        w.u16(m.id);
        w.u16(m.flags);
        w.u16(m.questions.size());
        w.u16(m.answers.size());
        w.u16(m.authority.size());
        w.u16(m.additional.size());
        for (Question q : m.questions) {
            w.name(q.name);
            w.u16(q.type);
            w.u16(q.qclass);
        }
        for (Record rr : m.answers) {
            w.record(rr);
        }
        for (Record rr : m.authority) {
            w.record(rr);
        }
        for (Record rr : m.additional) {
            w.record(rr);
        }
        return w.toByteArray();
    }

    static final class Reader {
        private final byte[] b;
        private final int start;
        private final int limit;
        int pos;

        Reader(byte[] b, int offset, int length) {
            this.b = b;
            this.start = offset;
            this.limit = offset + length;
            this.pos = offset;
        }

        Reader at(int offset) {
            pos = start + offset;
            return this;
        }

        int u16() {
            need(2);
            int v = (b[pos] & 0xFF) << 8 | (b[pos + 1] & 0xFF);
            pos += 2;
            return v;
        }

        int i32() {
            need(4);
            int v = (b[pos] & 0xFF) << 24
                    | (b[pos + 1] & 0xFF) << 16
                    | (b[pos + 2] & 0xFF) << 8
                    | (b[pos + 3] & 0xFF);
            pos += 4;
            return v;
        }

        byte[] bytes(int n) {
            need(n);
            byte[] out = Arrays.copyOfRange(b, pos, pos + n);
            pos += n;
            return out;
        }

        String name() {
            StringBuilder sb = new StringBuilder(64);
            int p = pos;
            boolean jumped = false;
            int pointers = 0;
            while (true) {
                if (p >= limit) {
                    throw new WireFormatException("name runs past the end", p);
                }
                int len = b[p] & 0xFF;
                if (len == 0) {
                    p++;
                    break;
                }
                if ((len & 0xC0) == 0xC0) {
                    if (++pointers > MAX_POINTERS) {
                        throw new WireFormatException("compression loop", p);
                    }
                    if (!jumped) {
                        pos = p + 2;
                        jumped = true;
                    }
                    p = start + ((len & 0x3F) << 8 | (b[p + 1] & 0xFF));
                    continue;
                }
                if (sb.length() > 0) {
                    sb.append('.');
                }
                for (int i = 1; i <= len; i++) {
                    sb.append(Character.toLowerCase((char) (b[p + i] & 0xFF)));
                }
                p += len + 1;
                if (sb.length() > MAX_NAME) {
                    String shown = sb.toString();
                    throw new WireFormatException("name too long: " + shown.replaceAll("[^\\x21-\\x7e]", "?"), p);
                }
            }
            if (!jumped) {
                pos = p;
            }
            return sb.toString();
        }

        private void need(int n) {
            if (pos + n > limit) {
                int left = limit - pos;
                String msg = String.format("truncated: need %s bytes, %s left", n, left);
                throw new WireFormatException(msg, pos);
            }
        }
    }

    static final class Writer {
        private byte[] buf;
        private int pos;

        Writer(int capacity) {
            buf = new byte[capacity];
        }

        void u16(int v) {
            ensure(2);
            buf[pos++] = (byte) (v >>> 8);
            buf[pos++] = (byte) v;
        }

        void i32(int v) {
            ensure(4);
            buf[pos] = (byte) (v >>> 24);
            buf[pos + 1] = (byte) (v >>> 16);
            buf[pos + 2] = (byte) (v >>> 8);
            buf[pos + 3] = (byte) v;
            pos += 4;
        }

        void name(String name) {
            int from = 0;
            int end = name.length();
            while (from < end) {
                int dot = name.indexOf('.', from);
                if (dot < 0) {
                    dot = end;
                }
                int len = dot - from;
                assert len > 0 && len <= MAX_LABEL : String.format("label of %s bytes in %s", len, name);
                ensure(len + 1);
                buf[pos++] = (byte) len;
                for (int i = from; i < dot; i++) {
                    buf[pos++] = (byte) name.charAt(i);
                }
                from = dot + 1;
            }
            ensure(1);
            buf[pos++] = 0;
        }

        void record(Record r) {
            name(r.name);
            u16(r.type);
            u16(r.rclass);
            i32(r.ttl);
            u16(r.rdata.length);
            ensure(r.rdata.length);
            System.arraycopy(r.rdata, 0, buf, pos, r.rdata.length);
            pos += r.rdata.length;
        }

        private void ensure(int n) {
            if (pos + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, pos);
        }
    }
}
