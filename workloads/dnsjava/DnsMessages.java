package workloads.dnsjava;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.MXRecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

import java.io.IOException;
import java.net.InetAddress;
import java.util.concurrent.TimeUnit;

/**
 * What a resolver does with dnsjava per lookup, without a network: a query built and encoded, and a response (eight
 * A records, two MX, one TXT, with name compression) decoded from its wire bytes and read. Only the public API.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DnsMessages {

    private Name name;
    private byte[] response;

    @Setup
    public void setUp() throws IOException {
        name = Name.fromString("www.example.com.");
        Message message = new Message(4242);
        message.getHeader().setFlag(Flags.QR);
        message.getHeader().setFlag(Flags.RD);
        message.getHeader().setFlag(Flags.RA);
        message.addRecord(Record.newRecord(name, Type.A, DClass.IN), Section.QUESTION);
        for (int i = 0; i < 8; i++) {
            message.addRecord(new ARecord(name, DClass.IN, 300, InetAddress.getByAddress(new byte[] {93, (byte) 184, (byte) 216, (byte) (30 + i)})),
                    Section.ANSWER);
        }
        Name domain = Name.fromString("example.com.");
        message.addRecord(new MXRecord(domain, DClass.IN, 3600, 10, Name.fromString("mx1.example.com.")), Section.AUTHORITY);
        message.addRecord(new MXRecord(domain, DClass.IN, 3600, 20, Name.fromString("mx2.example.com.")), Section.AUTHORITY);
        message.addRecord(new TXTRecord(domain, DClass.IN, 3600, "v=spf1 include:_spf.example.com ~all"), Section.ADDITIONAL);
        response = message.toWire();
    }

    @Benchmark
    public byte[] encodeQuery() throws IOException {
        Message query = Message.newQuery(Record.newRecord(Name.fromString("api.example.com."), Type.A, DClass.IN));
        return query.toWire();
    }

    @Benchmark
    public int decodeResponse() throws IOException {
        Message message = new Message(response);
        int addresses = 0;
        for (Record record : message.getSection(Section.ANSWER)) {
            if (record instanceof ARecord) {
                addresses += ((ARecord) record).getAddress().getAddress()[3];
            }
        }
        return addresses + message.getSection(Section.AUTHORITY).size();
    }
}
