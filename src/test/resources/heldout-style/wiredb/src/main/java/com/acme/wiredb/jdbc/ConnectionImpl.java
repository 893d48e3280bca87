package com.acme.wiredb.jdbc;

import com.acme.wiredb.Driver;
import com.acme.wiredb.bind.ParameterEncoder;
import com.acme.wiredb.jdbc.StatementImpl.StatementCacheKey;
import com.acme.wiredb.protocol.PacketReader;
import com.acme.wiredb.protocol.PacketReader.Packet;
import com.acme.wiredb.protocol.RowDecoder;
import com.acme.wiredb.protocol.RowDecoder.ColumnMeta;
import com.acme.wiredb.protocol.RowDecoder.RowHandler;
import com.acme.wiredb.protocol.ServerErrors;
import com.acme.wiredb.types.TypeRegistry;
import com.acme.wiredb.url.ConnectionUrl;
import com.acme.wiredb.url.ConnectionUrl.HostSpec;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One server session: the socket, the startup handshake and authentication, the type catalogue,
 * the prepared statement cache and the query loop.
 */
public class ConnectionImpl implements AutoCloseable {

    static final String USER_AGENT = String.format("wiredb-jdbc/%s.%s", Driver.MAJOR, Driver.MINOR);

    private static final int PROTOCOL_VERSION = 3 << 16;
    private static final int STATEMENT_CACHE_SIZE = 256;
    private static final List<String> DEFAULT_FEATURES =
            Collections.unmodifiableList(Arrays.asList("Binary-Transfer", "Statement-Cache", "Client-Info"));
    private static final AtomicInteger IDS = new AtomicInteger();

    private final int connectionId = IDS.incrementAndGet();
    private final List<String> enabledFeatures = DEFAULT_FEATURES.stream().map(f -> f.toLowerCase(Locale.ROOT)).collect(Collectors.toList());
    private final Set<String> serverFeatures;

    {
        Set<String> features = new HashSet<>();
        features.addAll(DEFAULT_FEATURES);
        serverFeatures = features;
    }

    private final ConnectionUrl url;
    private final String user;
    private final String hostName;
    private final int port;
    private final Socket socket;
    private final PacketReader reader;
    private final DataOutputStream out;
    private final Map<String, String> serverParams = new HashMap<>();
    private final Map<String, String> clientInfo = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final Map<StatementCacheKey, StatementImpl> statementCache =
            new LinkedHashMap<StatementCacheKey, StatementImpl>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<StatementCacheKey, StatementImpl> eldest) {
                    return size() > STATEMENT_CACHE_SIZE;
                }
            };
    private final boolean simpleMode;
    private TypeRegistry types;
    private String schema;
    private int portalCounter;
    private volatile boolean closed;

    private ConnectionImpl(ConnectionUrl url, HostSpec host, Socket socket) throws IOException {
        this.url = url;
        this.user = url.user();
        this.hostName = host.host();
        this.port = host.port();
        this.socket = socket;
        this.reader = new PacketReader(new BufferedInputStream(socket.getInputStream(), 16384));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 8192));
        this.schema = url.property("currentSchema", null);
        // transaction-pooling proxies cannot keep portals: send literals in simple Query messages
        this.simpleMode = "simple".equals(url.property("preferQueryMode", "extended"));
    }

    /** Opens the socket, runs the startup handshake and authentication, loads the type catalogue. */
    public static ConnectionImpl open(ConnectionUrl url, HostSpec host) throws SQLException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host.host(), host.port()), url.connectTimeoutMillis());
            socket.setTcpNoDelay(true);
            ConnectionImpl conn = new ConnectionImpl(url, host, socket);
            if (url.trace()) {
                conn.reader.setListener(packet -> System.err.println("<< " + packet));
            }
            conn.handshake();
            conn.types = TypeRegistry.load(conn.fetchCatalogue());
            conn.applySessionSettings();
            return conn;
        } catch (IOException e) {
            closeQuietly(socket);
            throw new SQLException("Could not connect to " + host, "08001", e);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing to report: the connect already failed
        }
    }

    private void handshake() throws IOException, SQLException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("user", user);
        params.put("database", url.database());
        params.put("application_name", url.property("applicationName", USER_AGENT));
        params.put("client_encoding", "UTF8");
        String[] startup = params.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        ByteArrayOutputStream body = new ByteArrayOutputStream(256);
        DataOutputStream data = new DataOutputStream(body);
        data.writeInt(PROTOCOL_VERSION);
        for (String s : startup) {
            writeCString(data, s);
        }
        data.writeByte(0);
        out.writeInt(body.size() + 4);
        body.writeTo(out);
        out.flush();
        authenticate();
    }

    private void authenticate() throws IOException, SQLException {
        while (true) {
            Packet p = reader.next();
            switch (p.type()) {
                case 'R': {
                    int kind = p.readInt(0);
                    if (kind == 0) {
                        break;
                    }
                    if (kind == 5) {
                        sendPassword(md5Password(Arrays.copyOfRange(p.payload(), 4, 8)));
                        break;
                    }
                    if (kind == 10) {
                        saslAuthenticate(readMechanisms(p));
                        break;
                    }
                    throw new SQLException("Unsupported authentication method " + kind, "28000");
                }
                case 'S': {
                    String name = p.readCString(0);
                    String value = p.readCString(name.getBytes(StandardCharsets.UTF_8).length + 1);
                    serverParams.put(name, value);
                    if ("server_features".equals(name)) {
                        serverFeatures.add(value);
                    }
                    break;
                }
                case 'E':
                    throw ServerErrors.toException(p);
                case 'Z':
                    return;
                default:
                    break;
            }
        }
    }

    private static List<String> readMechanisms(Packet p) {
        List<String> names = new ArrayList<>();
        byte[] payload = p.payload();
        int off = 4;
        while (off < payload.length && payload[off] != 0) {
            String name = p.readCString(off);
            names.add(name);
            off += name.length() + 1;
        }
        return names;
    }

    private void saslAuthenticate(List<String> mechanisms) throws IOException, SQLException {
        try {
            if (!mechanisms.contains("SCRAM-SHA-256")) {
                throw new SQLException("No supported SASL mechanism", "28000");
            }
            sendSaslInitial("SCRAM-SHA-256");
        } catch (SQLException e) {
            List<String> offered = new ArrayList<>();
            for (String m : mechanisms) {
                offered.add(m.toUpperCase(Locale.ROOT));
            }
            throw new SQLException("SASL authentication failed; server offered " + offered, "28000", e);
        }
    }

    private void sendSaslInitial(String mechanism) throws IOException {
        byte[] first = ("n,,n=,r=" + Long.toHexString(System.nanoTime())).getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream body = new ByteArrayOutputStream(64);
        DataOutputStream data = new DataOutputStream(body);
        writeCString(data, mechanism);
        data.writeInt(first.length);
        data.write(first);
        sendMessage('p', body);
    }

    private void sendPassword(String password) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(64);
        writeCString(new DataOutputStream(body), password);
        sendMessage('p', body);
    }

    private String md5Password(byte[] salt) throws SQLException {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            md5.update(url.password().getBytes(StandardCharsets.UTF_8));
            md5.update(user.getBytes(StandardCharsets.UTF_8));
            byte[] inner = hex(md5.digest()).getBytes(StandardCharsets.US_ASCII);
            md5.update(inner);
            md5.update(salt);
            return "md5" + hex(md5.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new SQLException("MD5 not available", "28000", e);
        }
    }

    private static String hex(byte[] bytes) {
        char[] digits = "0123456789abcdef".toCharArray();
        char[] chars = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            chars[2 * i] = digits[(bytes[i] >> 4) & 0xF];
            chars[2 * i + 1] = digits[bytes[i] & 0xF];
        }
        return new String(chars);
    }

    private List<Object[]> fetchCatalogue() throws SQLException {
        final List<Object[]> rows = new ArrayList<>(512);
        runQuery("SELECT oid, typname, typelem, typcategory FROM pg_type", null, row -> rows.add(row.toArray()));
        return rows;
    }

    /** Session settings from the URL, applied to every new connection. */
    private void applySessionSettings() throws SQLException {
        Map<String, String> settings = url.sessionSettings();
        for (String name : settings.keySet()) {
            runUpdate("SET " + name + " = '" + settings.get(name) + "'", null);
        }
    }

    void checkOpen(String action) throws SQLException {
        ServerErrors.checkState(!closed, "closed", action);
    }

    TypeRegistry types() {
        return types;
    }

    public List<String> enabledFeatures() {
        return enabledFeatures;
    }

    public StatementImpl createStatement() throws SQLException {
        checkOpen("createStatement");
        return new StatementImpl(this, null, StatementImpl.CONCUR_READ_ONLY);
    }

    public StatementImpl prepareStatement(String sql) throws SQLException {
        return prepareStatement(sql, StatementImpl.TYPE_FORWARD_ONLY, StatementImpl.CONCUR_READ_ONLY);
    }

    public StatementImpl prepareStatement(String sql, int resultSetType, int concurrency) throws SQLException {
        checkOpen("prepareStatement");
        String normalized = sql.trim().replaceAll("\\s+", " ");
        StatementCacheKey key = new StatementCacheKey(normalized, schema, resultSetType, concurrency);
        StatementImpl cached = statementCache.get(key);
        if (cached == null) {
            cached = new StatementImpl(this, normalized, concurrency);
            statementCache.put(key, cached);
        }
        return cached;
    }

    public String setSavepoint(String name) throws SQLException {
        String sql = String.format("SAVEPOINT %s", name);
        runUpdate(sql, null);
        return name;
    }

    public void setClientInfo(String name, String value) throws SQLException {
        checkOpen("setClientInfo");
        clientInfo.put(name, value);
        sendClientInfo();
    }

    /** JDBC semantics: names missing from {@code props} are cleared. Pools call this on every checkout. */
    public void setClientInfo(Properties props) throws SQLException {
        checkOpen("setClientInfo");
        Set<String> removed = new HashSet<>();
        removed.addAll(clientInfo.keySet());
        removed.removeAll(props.stringPropertyNames());
        for (String name : removed) {
            clientInfo.remove(name);
        }
        for (String name : props.stringPropertyNames()) {
            clientInfo.put(name, props.getProperty(name));
        }
        sendClientInfo();
    }

    private void sendClientInfo() throws SQLException {
        String[] wire = Stream.concat(clientInfo.keySet().stream(), clientInfo.values().stream())
                .toArray(String[]::new);
        try {
            ByteArrayOutputStream body = new ByteArrayOutputStream(128);
            DataOutputStream data = new DataOutputStream(body);
            data.writeShort(clientInfo.size());
            for (String s : wire) {
                writeCString(data, s);
            }
            sendMessage('c', body);
            out.flush();
        } catch (IOException e) {
            throw new SQLException("Could not send client info", "08006", e);
        }
    }

    private String nextPortalName() {
        int n = ++portalCounter;
        return String.format("P_%s_%s", connectionId, n);
    }

    private void sendExtendedQuery(String nativeSql, ParameterEncoder params) throws IOException {
        ByteArrayOutputStream parse = new ByteArrayOutputStream(nativeSql.length() + 8);
        DataOutputStream p = new DataOutputStream(parse);
        writeCString(p, "");
        writeCString(p, nativeSql);
        p.writeShort(0);
        sendMessage('P', parse);

        String portal = nextPortalName();
        ByteArrayOutputStream bind = new ByteArrayOutputStream(64);
        DataOutputStream b = new DataOutputStream(bind);
        writeCString(b, portal);
        writeCString(b, "");
        b.writeShort(0);
        String[] values = params == null ? new String[0] : params.textValues();
        b.writeShort(values.length);
        for (String v : values) {
            if (v == null) {
                b.writeInt(-1);
            } else {
                byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
                b.writeInt(bytes.length);
                b.write(bytes);
            }
        }
        b.writeShort(0);
        sendMessage('B', bind);

        ByteArrayOutputStream execute = new ByteArrayOutputStream(32);
        DataOutputStream e = new DataOutputStream(execute);
        writeCString(e, portal);
        e.writeInt(0);
        sendMessage('E', execute);
        sendMessage('S', new ByteArrayOutputStream(0));
        out.flush();
    }

    private void sendSimpleQuery(String nativeSql, ParameterEncoder params) throws IOException {
        String sql = params == null ? nativeSql : params.inline(nativeSql);
        ByteArrayOutputStream body = new ByteArrayOutputStream(sql.length() + 1);
        writeCString(new DataOutputStream(body), sql);
        sendMessage('Q', body);
        out.flush();
    }

    List<ColumnMeta> runQuery(String nativeSql, ParameterEncoder params, RowHandler handler) throws SQLException {
        checkOpen("query");
        try {
            if (simpleMode) {
                sendSimpleQuery(nativeSql, params);
            } else {
                sendExtendedQuery(nativeSql, params);
            }
            RowDecoder decoder = null;
            SQLException failure = null;
            while (true) {
                Packet p = reader.next();
                switch (p.type()) {
                    case 'T':
                        decoder = new RowDecoder(readRowDescription(p));
                        break;
                    case 'D':
                        if (decoder != null && failure == null) {
                            handler.onRow(decoder.decodeRow(p.payload()));
                        }
                        break;
                    case 'E':
                        failure = ServerErrors.toException(p);
                        break;
                    case 'Z':
                        if (failure != null) {
                            throw failure;
                        }
                        return decoder == null ? Collections.<ColumnMeta>emptyList() : decoder.columns();
                    default:
                        break;
                }
            }
        } catch (IOException e) {
            closed = true;
            throw new SQLException("I/O error on connection " + connectionId, "08006", e);
        }
    }

    private List<ColumnMeta> readRowDescription(Packet p) {
        int count = p.readShort(0);
        List<ColumnMeta> columns = new ArrayList<>(count);
        int off = 2;
        for (int i = 0; i < count; i++) {
            String label = p.readCString(off);
            off += label.getBytes(StandardCharsets.UTF_8).length + 1;
            int tableOid = p.readInt(off);
            int typeOid = p.readInt(off + 6);
            int typmod = p.readInt(off + 12);
            boolean binary = p.readShort(off + 16) == 1;
            columns.add(new ColumnMeta(label, tableOid == 0 ? null : Integer.toString(tableOid), typeOid, typmod, binary));
            off += 18;
        }
        return columns;
    }

    int runUpdate(String nativeSql, ParameterEncoder params) throws SQLException {
        final int[] count = {0};
        runQuery(nativeSql, params, row -> count[0]++);
        return count[0];
    }

    int[] runBatch(String nativeSql, List<byte[]> frames) throws SQLException {
        int[] counts = new int[frames.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = runUpdate(nativeSql, null);
        }
        return counts;
    }

    private void sendMessage(char type, ByteArrayOutputStream body) throws IOException {
        out.writeByte(type);
        out.writeInt(body.size() + 4);
        body.writeTo(out);
    }

    private static void writeCString(DataOutputStream data, String s) throws IOException {
        data.write(s.getBytes(StandardCharsets.UTF_8));
        data.writeByte(0);
    }

    public List<String> getWarnings() {
        return warnings;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        statementCache.clear();
        try {
            sendMessage('X', new ByteArrayOutputStream(0));
            out.flush();
            socket.close();
        } catch (IOException e) {
            String detail = e.getMessage();
            String msg = String.format("close failed for connection %s: %s", connectionId, detail);
            warnings.add(msg);
        }
    }

    @Override
    public String toString() {
        return String.format("WireConnection#%s[%s@%s:%s]", connectionId, user, hostName, port);
    }
}
