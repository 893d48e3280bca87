package com.acme.wiredb;

import com.acme.wiredb.jdbc.ConnectionImpl;
import com.acme.wiredb.url.ConnectionUrl;
import com.acme.wiredb.url.ConnectionUrl.HostSpec;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Entry point registered with the driver manager, which calls {@link #connect} for every
 * connection an application or its pool opens.
 */
public final class Driver {

    public static final String NAME = "wiredb-jdbc";
    public static final int MAJOR = 2;
    public static final int MINOR = 7;
    public static final int PROTOCOL = 3;

    /** Lets support tell builds against different protocol tables apart. */
    static final int PROTOCOL_HASH = Objects.hash(NAME, PROTOCOL);

    static final String BUILD_INFO;

    static {
        String info = "unknown";
        InputStream in = Driver.class.getResourceAsStream("/META-INF/wiredb/build-info.txt");
        if (in != null) {
            try {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                while (true) {
                    byte[] chunk = new byte[1024];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    out.write(chunk, 0, n);
                }
                in.close();
                info = new String(out.toByteArray(), StandardCharsets.UTF_8).trim();
            } catch (IOException e) {
                info = "unreadable";
            }
        }
        BUILD_INFO = info;
    }

    private static final long HOST_RETRY_MILLIS = 30_000L;

    /** Hosts that refused a connection recently, and until when to skip them. */
    private static final Map<HostSpec, Long> DOWN_UNTIL = new ConcurrentHashMap<>();

    public boolean acceptsURL(String url) {
        return url != null && url.matches("jdbc:wiredb://[^/?]+/[^?]*(\\?.*)?");
    }

    public ConnectionImpl connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectionUrl parsed = ConnectionUrl.parse(url, info);
        SQLException last = null;
        long now = System.currentTimeMillis();
        for (HostSpec host : parsed.hosts()) {
            Long until = DOWN_UNTIL.get(host);
            if (until != null && until > now) {
                continue;
            }
            try {
                ConnectionImpl conn = ConnectionImpl.open(parsed, host);
                DOWN_UNTIL.remove(host);
                return conn;
            } catch (SQLException e) {
                DOWN_UNTIL.put(host, now + HOST_RETRY_MILLIS);
                last = e;
            }
        }
        throw new SQLException("No host of " + parsed + " accepted the connection", "08001", last);
    }

    public String getVersion() {
        return NAME + " " + MAJOR + "." + MINOR + " (" + BUILD_INFO + ")";
    }

    public int getProtocolHash() {
        return PROTOCOL_HASH;
    }

    /** {@code java -jar wiredb.jar <url> [name=value;...]} checks a connection; {@code --dump} prints a capture. */
    public static void main(String[] args) throws Exception {
        System.out.println(NAME + " " + MAJOR + "." + MINOR);
        int buildHash = Objects.hash(NAME, BUILD_INFO);
        System.out.println("build " + BUILD_INFO + " #" + Integer.toHexString(buildHash));
        if (args.length == 0) {
            System.out.println("usage: java -jar wiredb.jar <url> [name=value;...] | --dump <capture file>");
            return;
        }
        if ("--dump".equals(args[0]) && args.length > 1) {
            try (InputStream in = new FileInputStream(args[1])) {
                while (true) {
                    byte[] chunk = new byte[8192];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    System.out.write(chunk, 0, n);
                }
            }
            System.out.flush();
            return;
        }
        Properties info = new Properties();
        if (args.length > 1) {
            String[] parts = args[1].split("\\s*[=;]\\s*");
            for (int i = 0; i + 1 < parts.length; i += 2) {
                info.setProperty(parts[i], parts[i + 1]);
            }
        }
        ConnectionUrl url = ConnectionUrl.parse(args[0], info);
        String[] settings = url.sessionSettings().entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        System.out.println("session settings: " + Arrays.toString(settings));
        try (ConnectionImpl conn = new Driver().connect(args[0], info)) {
            System.out.println("connected: " + conn);
        }
    }
}
