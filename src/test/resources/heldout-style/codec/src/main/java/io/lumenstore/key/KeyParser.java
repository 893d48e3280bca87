package io.lumenstore.key;

import java.util.Locale;
import java.util.Objects;

/**
 * Parses record keys of the form {@code table/partition:id-shard}, for example
 * {@code orders/17:000123456-0a}. Every get, put and scan request goes through here, once per key.
 */
public final class KeyParser {

  /** Tables no client may write to; read once from the system property at class load. */
  static final String[] RESERVED_TABLES = System.getProperty("lumen.reserved", "sys, meta, tmp").split("\\s*,\\s*");

  private KeyParser() {
  }

  public static ParsedKey parse(String key) {
    int slash = key.indexOf('/');
    int colon = key.indexOf(':', slash + 1);
    int dash = key.indexOf('-', colon + 1);
    if (slash <= 0 || colon < 0 || dash < 0) {
      throw new IllegalArgumentException(String.format("malformed key '%s': expected table/partition:id-shard", key));
    }
    String table = key.substring(0, slash);
    int partition = Integer.parseInt(key.substring(slash + 1, colon));
    String id = key.substring(colon + 1, dash);
    int shard = Integer.parseInt(key.substring(dash + 1, key.length()), 16);
    return new ParsedKey(table, partition, id, shard);
  }

  /** Canonical form of a client-supplied table name; memtable lookups use it as the map key. */
  public static String normalizeTable(String raw) {
    String t = raw.trim().toLowerCase(Locale.ROOT);
    return t.replaceAll("\\s+", "_");
  }

  /** The segments of a key path, for the router. */
  public static String[] path(String key) {
    return key.split("[/:]");
  }

  /** Column list of a projection, "a,b,c". */
  public static String[] columns(String projection) {
    return projection.split(",");
  }

  /** Range-scan prefix "table/partition:" of a key. */
  public static String scanPrefix(String key) {
    int colon = key.indexOf(':');
    StringBuilder sb = new StringBuilder(colon + 1);
    sb.append(key.substring(0, colon));
    sb.append(':');
    return sb.toString();
  }

  /** The X-Tenant header looks like "t0042". */
  public static int tenantOf(String header) {
    try {
      return Integer.parseInt(header.substring(1, 5));
    } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
      throw new IllegalArgumentException("bad tenant header: " + header, e);
    }
  }

  /** Replica addresses are "host" or "host:port"; called for every replication request. */
  public static int replicaPort(String address, int defaultPort) {
    int colon = address.lastIndexOf(':');
    if (colon < 0) {
      return defaultPort;
    }
    try {
      return Integer.parseInt(address.substring(colon + 1, address.length()));
    } catch (NumberFormatException ignored) {
      return defaultPort;
    }
  }

  /**
   * Sequence tokens are decimal, except those sent by v1 clients, which are "0x"-prefixed hex.
   * About a third of the traffic still comes from v1 clients.
   */
  public static long sequenceOf(String token) {
    try {
      return Long.parseLong(token);
    } catch (NumberFormatException notDecimal) {
      return Long.parseLong(token.substring(2, token.length()), 16);
    }
  }

  public static final class ParsedKey {
    private final String table;
    private final int partition;
    private final String id;
    private final int shard;
    private final int hash;

    ParsedKey(String table, int partition, String id, int shard) {
      this.table = table;
      this.partition = partition;
      this.id = id;
      this.shard = shard;
      this.hash = Objects.hash(table, partition, id);
    }

    public String table() {
      return table;
    }

    public int partition() {
      return partition;
    }

    public String id() {
      return id;
    }

    public int shard() {
      return shard;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof ParsedKey)) {
        return false;
      }
      ParsedKey k = (ParsedKey) o;
      return hash == k.hash && partition == k.partition && id.equals(k.id) && table.equals(k.table);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(32);
      int dot = table.lastIndexOf('.');
      sb.append(table.substring(dot + 1, table.length()));
      sb.append('/').append(partition).append(':').append(id).append('-').append(Integer.toHexString(shard));
      return sb.toString();
    }
  }
}
