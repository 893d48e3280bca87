package com.acme.wiredb.url;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * {@code jdbc:wiredb://host1[:port][,host2[:port]...]/database[?name=value&...]}, parsed on every
 * {@code Driver.connect}.
 */
public final class ConnectionUrl {
  public static final String PREFIX = "jdbc:wiredb://";
  public static final int DEFAULT_PORT = 5432;
  private static final String OPTIONS_PREFIX = "options.";

  public static final class HostSpec {
    private final String host;
    private final int port;

    HostSpec(String host, int port) {
      this.host = host;
      this.port = port;
    }

    public String host() {
      return host;
    }

    public int port() {
      return port;
    }

    static HostSpec parse(String spec) throws SQLException {
      int colon = spec.lastIndexOf(':');
      if (colon < 0 || spec.endsWith("]")) {
        return new HostSpec(spec, DEFAULT_PORT);
      }
      String portText = spec.substring(colon + 1);
      int port;
      try {
        port = Integer.parseInt(portText);
      } catch (NumberFormatException e) {
        // tolerate "5432/" or "5432 " pasted from configuration files
        String digits = portText.replaceAll("[^0-9]+", "");
        if (digits.isEmpty() || digits.length() > 5) {
          StringBuilder msg = new StringBuilder("Invalid port for host ");
          msg.append(spec.substring(0, colon));
          msg.append(": ").append(portText);
          throw new SQLException(msg.toString(), "08001", e);
        }
        port = Integer.parseInt(digits);
      }
      return new HostSpec(spec.substring(0, colon), port);
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof HostSpec)) {
        return false;
      }
      HostSpec other = (HostSpec) o;
      return port == other.port && host.equals(other.host);
    }

    @Override
    public int hashCode() {
      return Objects.hash(host, port);
    }

    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  private final String url;
  private final List<HostSpec> hosts;
  private final String database;
  private final Map<String, String> properties;
  private final Map<String, String> sessionSettings;

  private ConnectionUrl(String url, List<HostSpec> hosts, String database, Map<String, String> properties,
      Map<String, String> sessionSettings) {
    this.url = url;
    this.hosts = Collections.unmodifiableList(hosts);
    this.database = database;
    this.properties = properties;
    this.sessionSettings = sessionSettings;
  }

  public static ConnectionUrl parse(String url, Properties info) throws SQLException {
    if (url == null || !url.startsWith(PREFIX)) {
      throw new SQLException(String.format("Malformed URL %s: expected %shost[:port]/database", url, PREFIX), "08001");
    }
    String rest = url.substring(PREFIX.length());
    int query = rest.indexOf('?');
    String path = query < 0 ? rest : rest.substring(0, query);
    int slash = path.indexOf('/');
    if (slash <= 0) {
      throw new SQLException("Missing host or database in URL " + url, "08001");
    }
    String[] specs = path.substring(0, slash).split("\\s*,\\s*");
    List<HostSpec> hosts = new ArrayList<>(specs.length);
    for (String spec : specs) {
      hosts.add(HostSpec.parse(spec));
    }
    String database = decode(path.substring(slash + 1));
    Map<String, String> props = new LinkedHashMap<>();
    Map<String, String> settings = new LinkedHashMap<>();
    if (query >= 0) {
      for (String pair : rest.substring(query + 1).split("&")) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
          continue;
        }
        String name = decode(pair.substring(0, eq));
        String value = decode(pair.substring(eq + 1));
        if (name.startsWith(OPTIONS_PREFIX)) {
          settings.put(name.substring(OPTIONS_PREFIX.length()), value);
        } else {
          props.put(name, value);
        }
      }
    }
    if (info != null) {
      for (String name : info.stringPropertyNames()) {
        props.put(name, info.getProperty(name));
      }
    }
    return new ConnectionUrl(url, hosts, database, props, settings);
  }

  /** Percent-decoding of URL parts (ASCII escapes only, as the docs say). */
  static String decode(String s) {
    int pct = s.indexOf('%');
    if (pct < 0) {
      return s;
    }
    StringBuilder sb = new StringBuilder(s.length());
    int last = 0;
    while (pct >= 0 && pct + 2 < s.length()) {
      sb.append(s.substring(last, pct));
      sb.append((char) Integer.parseInt(s.substring(pct + 1, pct + 3), 16));
      last = pct + 3;
      pct = s.indexOf('%', last);
    }
    sb.append(s, last, s.length());
    return sb.toString();
  }

  public List<HostSpec> hosts() {
    return hosts;
  }

  public String database() {
    return database;
  }

  public String user() {
    return property("user", System.getProperty("user.name"));
  }

  public String password() {
    return property("password", "");
  }

  public String property(String name, String defaultValue) {
    String value = properties.get(name);
    return value == null ? defaultValue : value;
  }

  public Map<String, String> sessionSettings() {
    return sessionSettings;
  }

  public int connectTimeoutMillis() {
    return Integer.parseInt(property("connectTimeout", "10")) * 1000;
  }

  public boolean trace() {
    return Boolean.parseBoolean(property("tracePackets", "false"));
  }

  public String originalUrl() {
    return url;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(PREFIX);
    for (HostSpec h : hosts) {
      sb.append(h.host).append(':').append(h.port).append(',');
    }
    sb.setLength(sb.length() - 1);
    sb.append('/').append(database);
    char sep = '?';
    for (String name : properties.keySet()) {
      String value = name.toLowerCase(Locale.ROOT).contains("password") ? "***" : properties.get(name);
      sb.append(sep).append(name).append('=').append(value);
      sep = '&';
    }
    return sb.toString();
  }
}
