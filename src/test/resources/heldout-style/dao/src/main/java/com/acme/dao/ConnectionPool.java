package com.acme.dao;

import com.acme.dao.jdbc.Sql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * A small LIFO pool of physical connections. One pool is configured when the application starts and
 * shared by every {@link JdbcTemplate}; {@link #borrow()} and {@link #release} run once per statement.
 */
public final class ConnectionPool {

  private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  static {
    DEFAULTS.put("connectTimeout", "5000");
    DEFAULTS.put("socketTimeout", "30000");
    DEFAULTS.put("tcpKeepAlive", "true");
  }

  /** Driver options sent when a physical connection opens, as name/value pairs. */
  private static final String[] DEFAULT_OPTIONS = DEFAULTS.entrySet().stream()
      .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
      .toArray(String[]::new);

  /** Settings parsed from the JDBC URL, once. */
  public static final class Config {
    final String url;
    final String user;
    final int maxSize;
    final Map<String, String> properties;

    private Config(String url, String user, int maxSize, Map<String, String> properties) {
      this.url = url;
      this.user = user;
      this.maxSize = maxSize;
      this.properties = Collections.unmodifiableMap(properties);
    }

    /** Parses {@code jdbc:acme://host:port/db?key=value&key=value}. */
    public static Config parse(String jdbcUrl, String user, int maxSize) {
      if (maxSize < 1) {
        throw new IllegalArgumentException("maxSize must be positive, was " + maxSize);
      }
      int q = jdbcUrl.indexOf('?');
      String base = q < 0 ? jdbcUrl : jdbcUrl.substring(0, q);
      Map<String, String> props = new LinkedHashMap<>(DEFAULTS);
      if (q >= 0) {
        props.putAll(parseQuery(jdbcUrl.substring(q + 1)));
      }
      return new Config(base, user, maxSize, props);
    }

    private static Map<String, String> parseQuery(String query) {
      String[] pairs = query.split("[&;]");
      Map<String, String> given = new HashMap<>(pairs.length);
      for (String pair : pairs) {
        int eq = pair.indexOf('=');
        given.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
      }
      return given;
    }

    @Override
    public String toString() {
      return "Config[" + url + " as " + user + ", max " + maxSize + "]";
    }
  }

  private final Sql.Driver driver;
  private final Config config;
  private final BlockingDeque<Sql.Connection> idle;
  private final Map<Sql.Connection, String> leases = new ConcurrentHashMap<>();
  private final AtomicLong leaseSeq = new AtomicLong();
  private final ThreadLocal<Map<String, String>> sessionVars = new ThreadLocal<Map<String, String>>() {
    @Override
    protected Map<String, String> initialValue() {
      return new LinkedHashMap<>();
    }
  };

  private ConnectionPool(Sql.Driver driver, Config config) {
    this.driver = driver;
    this.config = config;
    this.idle = new LinkedBlockingDeque<>(config.maxSize);
  }

  public static ConnectionPool create(Sql.Driver driver, Config config) {
    return new ConnectionPool(driver, config);
  }

  /** Tags every statement this thread runs from now on, e.g. {@code application_name}. */
  public void setSessionVariable(String name, String value) {
    sessionVars.get().put(name, value);
  }

  public Sql.Connection borrow() {
    Sql.Connection con = idle.pollFirst();
    try {
      if (con == null || !con.isValid(1)) {
        con = driver.connect(config.url, config.properties, DEFAULT_OPTIONS);
      }
      con.setSessionVariables(namesThenValues(sessionVars.get()));
    } catch (Sql.SqlException e) {
      throw new DaoException(String.format("Cannot open a connection to %s as %s", config.url, config.user),
          e.getSqlState(), e);
    }
    String thread = Thread.currentThread().getName();
    long seq = leaseSeq.incrementAndGet();
    leases.put(con, String.format("%s#%s", thread, seq));
    return con;
  }

  public void release(Sql.Connection con) {
    leases.remove(con);
    if (!idle.offerFirst(con)) {
      con.close();
    }
  }

  private static String[] namesThenValues(Map<String, String> vars) {
    List<String> names = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (Map.Entry<String, String> e : vars.entrySet()) {
      names.add(e.getKey());
      values.add(e.getValue());
    }
    names.addAll(values);
    return names.toArray(new String[0]);
  }

  @Override
  public String toString() {
    int idleCount = idle.size();
    int leased = leases.size();
    String safeUrl = config.url.replaceAll("(?i)password=[^&;]*", "password=***");
    StringBuilder sb = new StringBuilder("ConnectionPool[");
    sb.append(safeUrl).append(" as ").append(config.user);
    sb.append(", idle=").append(idleCount).append(", leased=").append(leased);
    Map<String, String> props = config.properties;
    for (String key : props.keySet()) {
      sb.append(", ").append(key).append('=').append(props.get(key));
    }
    return sb.append(']').toString();
  }
}
