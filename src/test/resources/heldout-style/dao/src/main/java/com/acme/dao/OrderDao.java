package com.acme.dao;

import com.acme.dao.entity.Customer;
import com.acme.dao.entity.OrderLine;
import com.acme.dao.jdbc.Sql;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Orders and customers. The web tier calls these methods once per request. */
public class OrderDao {

    private static final List<String> LINE_COLUMNS =
            Arrays.asList("order_id", "line_no", "sku", "quantity", "unit_price_cents");

    /** E-mail addresses were imported with stray blanks; normalize them on the way out. */
    private static final JdbcTemplate.RowMapper<Customer> CUSTOMER_MAPPER = new JdbcTemplate.RowMapper<Customer>() {
        @Override
        public Customer mapRow(Sql.ResultSet rs, int rowNum) {
            DaoException.checkColumn(rs.columnLabels().contains("email"), "customers", "email");
            String email = rs.getString("email");
            String normalized = email == null ? null : email.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
            String tier = rs.getString("tier");
            return new Customer(rs.getLong("id"), normalized, rs.getString("name"), rs.getString("country"),
                    tier == null ? Customer.Tier.STANDARD : Customer.Tier.valueOf(tier));
        }
    };

    /** Lines of a revised catalogue item carry the revision in the SKU, e.g. {@code AB-1234@3}. */
    private static final JdbcTemplate.RowMapper<OrderLine> LINE_MAPPER = (rs, rowNum) -> {
        String sku = rs.getString("sku");
        String revision = rs.getString("revision");
        String fullSku = revision == null ? sku : String.format("%s@%s", sku, revision);
        return new OrderLine(rs.getLong("order_id"), rs.getInt("line_no"), fullSku, rs.getInt("quantity"),
                rs.getLong("unit_price_cents"));
    };

    private final JdbcTemplate jdbc;
    private final String linesTable;

    public OrderDao(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.linesTable = SchemaIntrospector.table(OrderLine.class).name();
    }

    public Customer findCustomer(long id) {
        QueryBuilder query = QueryBuilder.forEntity(Customer.class).whereEquals("id", id);
        List<Customer> found = jdbc.query(query, CUSTOMER_MAPPER);
        if (found.isEmpty()) {
            throw DaoException.notFound("customers", id);
        }
        return found.get(0);
    }

    public Map<Long, Customer> findCustomers(Collection<Long> ids) {
        QueryBuilder query = QueryBuilder.forEntity(Customer.class)
                .whereIn("id", ids)
                .hint("index", "customers_pk");
        List<Customer> found = jdbc.query(query, CUSTOMER_MAPPER);
        Map<Long, Customer> byId = new HashMap<>();
        for (Customer customer : found) {
            byId.put(customer.getId(), customer);
        }
        return byId;
    }

    /** Customer search of the back office: one query per search. */
    public List<Customer> customersByCountryAndTier(String country, Customer.Tier tier) {
        Map<String, Object> params = new HashMap<>();
        params.put("country", country);
        params.put("tier", tier.name());
        return jdbc.queryNamed("SELECT * FROM customers c WHERE c.country = :country AND c.tier = :tier",
                params, JdbcTemplate.mapperFor(Customer.class));
    }

    /** Open orders per customer, for the account overview. */
    public Map<Customer, Integer> openOrderCounts(List<Customer> customers) {
        List<Long> ids = customers.stream().map(Customer::getId).collect(Collectors.toList());
        Map<Long, Integer> countsById = new HashMap<>();
        QueryBuilder query = QueryBuilder.from("open_order_counts").whereIn("customerId", ids);
        jdbc.query(query, (rs, rowNum) -> countsById.put(rs.getLong("customer_id"), rs.getInt("open_orders")));
        Map<Customer, Integer> result = new HashMap<>(customers.size());
        for (Customer customer : customers) {
            Integer count = countsById.get(customer.getId());
            result.put(customer, count == null ? 0 : count);
        }
        return result;
    }

    public List<OrderLine> lines(long orderId) {
        QueryBuilder query = QueryBuilder.from(linesTable)
                .whereEquals("orderId", orderId)
                .orderBy("lineNo", true);
        return jdbc.query(query, LINE_MAPPER);
    }

    /** Keys of the lines already stored, so that a retried request skips them. */
    public Set<String> existingLineKeys(long orderId) {
        QueryBuilder query = QueryBuilder.forEntity(OrderLine.class).whereEquals("orderId", orderId);
        List<OrderLine> stored = jdbc.query(query, JdbcTemplate.mapperFor(OrderLine.class));
        return stored.stream().map(OrderLine::lineKey).collect(Collectors.toSet());
    }

    /** Stores the lines of a checkout; lines a retried request already stored are skipped. */
    public int saveLines(long orderId, List<OrderLine> lines) {
        Set<OrderLine> unique = new HashSet<>();
        unique.addAll(lines);
        if (unique.size() != lines.size()) {
            throw new DaoException((lines.size() - unique.size()) + " duplicate lines in one batch");
        }
        Set<String> stored = existingLineKeys(orderId);
        List<OrderLine> fresh = lines.stream()
                .filter(line -> !stored.contains(line.lineKey()))
                .collect(Collectors.toList());
        return jdbc.batchInsert(linesTable, LINE_COLUMNS, fresh, line -> new Object[] {
            line.getOrderId(), line.getLineNo(), line.getSku(), line.getQuantity(), line.getUnitPriceCents()
        });
    }

    /** Reserves stock for every SKU of a checkout; fails the checkout if one SKU runs short. */
    public void reserveStock(Map<String, Integer> quantityBySku) {
        for (String sku : quantityBySku.keySet()) {
            int updated = jdbc.update(
                    "UPDATE stock SET reserved = reserved + ? WHERE sku = ? AND available >= reserved + ?",
                    quantityBySku.get(sku), sku, quantityBySku.get(sku));
            if (updated == 0) {
                throw new DaoException("Not enough stock for " + sku);
            }
        }
    }

    /** Reserves the stock an order needs; rows are locked in SKU order to avoid deadlocks. */
    public void reserveStockFor(long orderId) {
        Map<String, Integer> quantityBySku = new TreeMap<>();
        for (OrderLine line : lines(orderId)) {
            quantityBySku.merge(line.getSku(), line.getQuantity(), Integer::sum);
        }
        reserveStock(quantityBySku);
    }

    public void recalculateTotals(long orderId, String currency) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("p_order_id", orderId);
        args.put("p_currency", currency);
        jdbc.call("recalc_order_totals", args);
    }

    /** Rows of the order summary view, rendered as a table by the support tool. */
    public List<Map<String, Object>> orderSummary(long orderId) {
        return jdbc.queryForMaps("SELECT * FROM order_summary WHERE order_id = ?", orderId);
    }

    /** The invoice PDF of an order, streamed from its BLOB column. */
    public byte[] invoicePdf(long orderId) {
        return jdbc.queryForObject("SELECT pdf FROM invoices WHERE order_id = ?",
                (rs, rowNum) -> JdbcTemplate.readBlob(rs, "pdf"), orderId);
    }
}
