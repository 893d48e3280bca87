package com.acme.orders.repo;

import com.acme.orders.model.Order;
import com.acme.orders.model.OrderLine;
import java.lang.reflect.RecordComponent;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

@Repository
public class OrderRepository implements InitializingBean {

  /** Column lists of the row records, derived from their components on first use. */
  private static final Map<Class<?>, List<String>> COLUMNS = new ConcurrentHashMap<>();

  private static final String[] AUDIT_COLUMNS = "created_at, created_by,updated_at".split(",\\s*");

  private static final int CURSOR_TTL_SECONDS = 3600;

  private final JdbcTemplate jdbc;
  private final String schema;
  private final int pageSize;
  private String selectSql;
  private String insertSql;

  /** Maps one order_lines row; legacy rows still carry SKUs written with underscores. */
  private final RowMapper<OrderLine> lineMapper = (rs, rowNum) -> {
    String sku = rs.getString("sku").replaceAll("_", "-");
    return new OrderLine(sku, rs.getInt("quantity"), rs.getLong("unit_price_cents"), rs.getString("currency"));
  };

  public OrderRepository(JdbcTemplate jdbc, @Value("${orders.schema:sales}") String schema,
      @Value("${orders.page-size:50}") int pageSize) {
    this.jdbc = jdbc;
    this.schema = schema;
    this.pageSize = pageSize;
  }

  @Override
  public void afterPropertiesSet() {
    List<String> tables = jdbc.queryForList(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = ?", String.class, schema);
    if (!tables.contains("orders") || !tables.contains("order_lines")) {
      throw new IllegalStateException("schema " + schema + " lacks the orders tables");
    }
    String columns = String.join(", ", columnsFor(OrderRow.class)) + ", " + String.join(", ", AUDIT_COLUMNS);
    selectSql = String.format("SELECT %s FROM %s.orders", columns, schema);
    insertSql = "INSERT INTO " + schema + ".orders (" + String.join(", ", columnsFor(OrderRow.class)) + ") VALUES ("
        + String.join(", ", Collections.nCopies(columnsFor(OrderRow.class).size(), "?")) + ")";
  }

  static List<String> columnsFor(Class<?> rowType) {
    return COLUMNS.computeIfAbsent(rowType, OrderRepository::readColumns);
  }

  private static List<String> readColumns(Class<?> rowType) {
    RecordComponent[] components = rowType.getRecordComponents();
    List<String> columns = new ArrayList<>();
    for (RecordComponent component : components) {
      columns.add(toColumn(component.getName()));
    }
    return columns;
  }

  private static String toColumn(String property) {
    return property.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }

  public Order findById(long id) {
    List<Order> found = jdbc.query(selectSql + " WHERE id = ?", this::mapOrder, id);
    return found.isEmpty() ? null : found.get(0);
  }

  public Order findByOrderNo(String orderNo) {
    List<Order> found = jdbc.query(selectSql + " WHERE order_no = ?", this::mapOrder, orderNo);
    return found.isEmpty() ? null : found.get(0);
  }

  public List<Order> findPage(String shard, String customerId, String cursor) {
    long afterId = cursor == null ? 0L : decodeCursorId(cursor);
    String sql = String.format("%s WHERE shard_key = ? AND customer_id = ? AND id > ? ORDER BY id LIMIT %s",
        selectSql, pageSize);
    return new ArrayList<>(jdbc.query(sql, this::mapOrder, shard, customerId, afterId));
  }

  public List<Order> findByStatus(Order.Status status) {
    return jdbc.query(selectSql + " WHERE status = ?", this::mapOrder, status.name());
  }

  public List<Order> findRecent(int limit) {
    return jdbc.query(selectSql + " ORDER BY created_at DESC LIMIT ?", this::mapOrder, limit);
  }

  public List<String> loadRegions() {
    return jdbc.queryForList("SELECT DISTINCT region FROM " + schema + ".orders", String.class);
  }

  public boolean existsByIdempotencyKey(String key) {
    return !jdbc.queryForList("SELECT id FROM " + schema + ".orders WHERE idempotency_key = ?", Long.class, key)
        .isEmpty();
  }

  public Map<String, Long> pricesFor(Collection<String> skus, String currency) {
    String marks = String.join(", ", Collections.nCopies(skus.size(), "?"));
    List<Object> args = new ArrayList<>(skus.size() + 1);
    args.add(currency);
    args.addAll(skus);
    Map<String, Long> prices = new HashMap<>();
    jdbc.query("SELECT sku, price_cents FROM " + schema + ".prices WHERE currency = ? AND sku IN (" + marks + ")",
        (rs, n) -> prices.put(rs.getString("sku"), rs.getLong("price_cents")), args.toArray());
    return prices;
  }

  public Order insert(String customerId, String region, int shard, List<OrderLine> lines, String idempotencyKey) {
    try {
      long id = jdbc.queryForObject("SELECT nextval('" + schema + ".order_seq')", (rs, n) -> rs.getLong(1));
      String orderNo = "ORD-" + id + "-" + region.toUpperCase(Locale.ROOT);
      jdbc.update(insertSql, id, orderNo, customerId, region, shard, Order.Status.PLACED.name(), idempotencyKey);
      jdbc.batchUpdate("INSERT INTO " + schema + ".order_lines (order_id, sku, quantity, unit_price_cents, currency)"
          + " VALUES (?, ?, ?, ?, ?)", lineArgs(id, lines));
      return findById(id);
    } catch (RuntimeException e) {
      String reason = e.getMessage();
      throw new IllegalStateException("insert for customer " + customerId + " failed: " + reason, e);
    }
  }

  public void markInvoiced(String[] orderNos) {
    for (String orderNo : orderNos) {
      jdbc.update("UPDATE " + schema + ".orders SET status = 'INVOICED' WHERE order_no = ?", orderNo);
    }
  }

  private static List<Object[]> lineArgs(long orderId, List<OrderLine> lines) {
    List<Object[]> batch = new ArrayList<>();
    for (OrderLine line : lines) {
      batch.add(new Object[] {orderId, line.getSku(), line.getQuantity(), line.getUnitPriceCents(), line.getCurrency()});
    }
    return batch;
  }

  private Order mapOrder(ResultSet rs, int rowNum) throws SQLException {
    long id = rs.getLong("id");
    String orderNo = rs.getString("order_no");
    Map<String, String> attributes = new LinkedHashMap<>();
    String tagText = rs.getString("tags");
    if (tagText != null && !tagText.isEmpty()) {
      for (String pair : tagText.split(";\\s*")) {
        int eq = pair.indexOf('=');
        attributes.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    String ref = rs.getString("external_ref");
    if (ref != null) {
      int colon = ref.indexOf(':');
      StringBuilder source = new StringBuilder(32);
      source.append(ref.substring(0, colon)).append('/').append(orderNo);
      attributes.put("source", source.toString());
    }
    List<OrderLine> lines = jdbc.query(
        "SELECT sku, quantity, unit_price_cents, currency FROM " + schema + ".order_lines WHERE order_id = ?",
        lineMapper, id);
    return new Order(id, orderNo, rs.getString("customer_id"), rs.getString("region"),
        Order.Status.valueOf(rs.getString("status")), lines, attributes, rs.getTimestamp("created_at").toInstant());
  }

  /** Opaque keyset-pagination cursor: last id (8 bytes, big-endian) and issue time (4 bytes). */
  public String encodeCursor(long lastId, int issuedAt) {
    byte[] b = new byte[12];
    b[0] = (byte) (lastId >>> 56);
    b[1] = (byte) (lastId >>> 48);
    b[2] = (byte) (lastId >>> 40);
    b[3] = (byte) (lastId >>> 32);
    b[4] = (byte) (lastId >>> 24);
    b[5] = (byte) (lastId >>> 16);
    b[6] = (byte) (lastId >>> 8);
    b[7] = (byte) lastId;
    b[8] = (byte) (issuedAt >>> 24);
    b[9] = (byte) (issuedAt >>> 16);
    b[10] = (byte) (issuedAt >>> 8);
    b[11] = (byte) issuedAt;
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  long decodeCursorId(String cursor) {
    byte[] b = Base64.getUrlDecoder().decode(cursor);
    if (b.length != 12) {
      throw new IllegalArgumentException("malformed page cursor " + cursor);
    }
    long lastId = (long) (b[0] & 0xFF) << 56 | (long) (b[1] & 0xFF) << 48 | (long) (b[2] & 0xFF) << 40
        | (long) (b[3] & 0xFF) << 32 | (long) (b[4] & 0xFF) << 24 | (long) (b[5] & 0xFF) << 16
        | (long) (b[6] & 0xFF) << 8 | (long) (b[7] & 0xFF);
    int issuedAt = (b[8] & 0xFF) << 24 | (b[9] & 0xFF) << 16 | (b[10] & 0xFF) << 8 | (b[11] & 0xFF);
    long now = System.currentTimeMillis() / 1000;
    if (now - issuedAt > CURSOR_TTL_SECONDS) {
      throw new IllegalArgumentException("page cursor expired " + (now - issuedAt) + " seconds ago");
    }
    return lastId;
  }

  public record OrderRow(long id, String orderNo, String customerId, String region, int shardKey, String status,
      String idempotencyKey) {
  }
}
