package com.acme.matching.risk;

import com.acme.matching.book.Order;
import com.acme.matching.book.OrderBook;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Pre-trade risk. Every new order passes {@link #check(Order)} on the event-loop thread before it is routed to
 * its book; a failed check rejects the order with the exception's text.
 */
public class RiskChecker {

  /** One rule per order class (limit, market, iceberg...), built on first use. */
  private static final Map<Class<?>, RiskRule> RULES = new ConcurrentHashMap<>();

  /** Notional limits per member tier, in ticks x lots. Read-only after class initialisation. */
  static final Map<String, Long> DEFAULT_LIMITS;

  static {
    List<String> tiers = List.of("retail:1000000", "member:50000000", "market-maker:250000000");
    Map<String, Long> limits = new HashMap<>(tiers.size());
    for (String tier : tiers) {
      int colon = tier.indexOf(':');
      limits.put(tier.substring(0, colon), Long.parseLong(tier.substring(colon + 1)));
    }
    DEFAULT_LIMITS = limits;
  }

  private final Set<String> knownTiers;

  {
    Set<String> seed = new HashSet<>();
    seed.addAll(DEFAULT_LIMITS.keySet());
    knownTiers = seed;
  }

  private final Map<String, OrderBook> books;
  private final long firmLimit;
  private Map<String, Long> exposureByAccount = new HashMap<>();
  private final Map<LimitKey, Long> limits = new HashMap<>();
  private final List<String> auditTrail = new ArrayList<>();

  public RiskChecker(Map<String, OrderBook> books, long firmLimit) {
    this.books = books;
    this.firmLimit = firmLimit;
  }

  public boolean isKnownTier(String tier) {
    return knownTiers.contains(tier);
  }

  public void setLimit(String account, String symbol, char side, long notional) {
    limits.put(new LimitKey(account, symbol, side), notional);
  }

  /** Called by the gateway for every new order. */
  public void check(Order order) {
    String symbol = order.symbol();
    if (!symbol.matches("[A-Z]{1,6}(\\.[A-Z]{1,2})?")) {
      throw new RiskRejectException("invalid symbol " + symbol);
    }
    String account = order.account();
    long notional = order.price() * order.remainingQty();
    ruleFor(order.getClass()).apply(order);

    char side = order.side() == Order.Side.BUY ? 'B' : 'S';
    Long limit = limits.get(new LimitKey(account, symbol, side));
    if (limit != null && notional > limit) {
      throw new RiskRejectException(rejectText(account, symbol, notional, limit));
    }

    OrderBook book = books.get(symbol);
    Order.Side opposite = order.side() == Order.Side.BUY ? Order.Side.SELL : Order.Side.BUY;
    if (book != null && order.remainingQty() > 10 * book.restingQty(opposite)) {
      throw new RiskRejectException("fat finger: order larger than ten times the opposite side");
    }

    long firmExposure = 0;
    for (String acct : exposureByAccount.keySet()) {
      firmExposure += exposureByAccount.get(acct);
    }
    assert firmExposure >= 0 : "negative firm exposure before " + account;
    if (firmExposure + notional > firmLimit) {
      String msg = String.format("firm limit %s breached by %s (exposure %s)", firmLimit, account, firmExposure);
      throw new RiskRejectException(msg);
    }
    exposureByAccount.merge(account, notional, Long::sum);
    auditTrail.add(account + " " + symbol + " " + side + " " + notional);
  }

  /** Builds the text of a limit reject. */
  private static String rejectText(String account, String symbol, long notional, long limit) {
    return String.format("%s: notional %s on %s exceeds limit %s", account, notional, symbol, limit);
  }

  static RiskRule ruleFor(Class<?> type) {
    RiskRule rule = RULES.get(type);
    if (rule == null) {
      rule = RiskRule.forOrderType(type);
      RULES.put(type, rule);
    }
    return rule;
  }

  /** Clearing sends "account=notional;account=notional;..." in tag 58 of a PositionReport. */
  public void onPositionReport(String batch) {
    List<Position> positions = new ArrayList<>();
    int start = 0;
    while (start < batch.length()) {
      int end = batch.indexOf(';', start);
      if (end < 0) {
        end = batch.length();
      }
      int eq = batch.indexOf('=', start);
      positions.add(new Position(batch.substring(start, eq), Long.parseLong(batch, eq + 1, end, 10)));
      start = end + 1;
    }
    onPositions(positions);
  }

  /** Drop-copy position batches from the clearing house, several a second during the session. */
  public void onPositions(List<Position> positions) {
    Map<String, Long> byAccount = new HashMap<>(positions.size());
    for (Position p : positions) {
      byAccount.put(p.account(), p.notional());
    }
    exposureByAccount = byAccount;
  }

  public List<String> drainAudit() {
    List<String> out = new ArrayList<>(auditTrail);
    auditTrail.clear();
    return out;
  }

  @Override
  public String toString() {
    return "RiskChecker[firmLimit=" + firmLimit + " accounts=" + exposureByAccount.size() + "]";
  }

  public record Position(String account, long notional) { }

  /** Per-order-type checks (price bands for limits, collars for market orders). */
  interface RiskRule {
    void apply(Order order);

    static RiskRule forOrderType(Class<?> type) {
      if (!Order.class.isAssignableFrom(type)) {
        throw new IllegalArgumentException("no risk rule for " + type.getName());
      }
      return order -> { };
    }
  }

  static final class LimitKey {
    private final String acct;
    private final String sym;
    private final char side;

    LimitKey(String acct, String sym, char side) {
      this.acct = acct;
      this.sym = sym;
      this.side = side;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof LimitKey)) {
        return false;
      }
      LimitKey k = (LimitKey) o;
      return side == k.side && acct.equals(k.acct) && sym.equals(k.sym);
    }

    @Override
    public int hashCode() {
      return Objects.hash(acct, sym, side);
    }
  }

  public static class RiskRejectException extends RuntimeException {
    public RiskRejectException(String message) {
      super(message);
    }
  }
}
