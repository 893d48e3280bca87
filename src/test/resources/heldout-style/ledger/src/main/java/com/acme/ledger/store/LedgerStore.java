package com.acme.ledger.store;

import com.acme.ledger.money.Money;
import com.acme.ledger.posting.JournalEntry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * In-memory running balances, rebuilt from the journal on startup. Posting updates them once per line;
 * balance queries read them.
 */
public final class LedgerStore {

    /** (account, currency): the key of every running balance, hashed on every posting line and every query. */
    public static final class BalanceKey {
        private final String account;
        private final String currency;

        public BalanceKey(String account, String currency) {
            this.account = account;
            this.currency = currency;
        }

        public String account() {
            return account;
        }

        public String currency() {
            return currency;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof BalanceKey)) {
                return false;
            }
            BalanceKey that = (BalanceKey) o;
            return account.equals(that.account) && currency.equals(that.currency);
        }

        @Override
        public int hashCode() {
            return Objects.hash(account, currency);
        }

        @Override
        public String toString() {
            return String.format("%s/%s", account, currency);
        }
    }

    private final Map<BalanceKey, Long> balances = new ConcurrentHashMap<>();
    private final Map<String, JournalEntry> entries = new ConcurrentHashMap<>();
    private final Map<String, Money> rollupCache = new ConcurrentHashMap<>();

    /** Once per posted entry. */
    public void apply(JournalEntry entry) {
        entries.put(entry.id(), entry);
        for (JournalEntry.Line line : entry.lines()) {
            balances.merge(new BalanceKey(line.accountCode(), line.currency()), line.signedMinor(), Long::sum);
        }
    }

    public JournalEntry entry(String id) {
        return entries.get(id);
    }

    public void invalidateRollups(Collection<String> accounts) {
        rollupCache.keySet().removeIf(k -> accounts.contains(k.substring(0, k.indexOf('|'))));
    }

    public Money balance(String account, String currency) {
        Long minor = balances.get(new BalanceKey(account, currency));
        return new Money(minor == null ? 0L : minor, currency);
    }

    /** One balance per account, in the order asked; per balance query. */
    public List<Money> balancesFor(List<String> accounts, String currency) {
        List<Money> result = new ArrayList<>();
        for (String account : accounts) {
            result.add(balance(account, currency));
        }
        return result;
    }

    /** Net of all accounts per currency: GET /trial-balance, which the operations dashboard polls every 5 s. */
    public Map<String, Long> netByCurrency() {
        Map<String, Long> net = new HashMap<>();
        for (BalanceKey key : balances.keySet()) {
            String currency = key.currency();
            net.merge(currency, balances.get(key), Long::sum);
        }
        long total = 0L;
        for (long minor : net.values()) {
            total += minor;
        }
        assert total == 0L : String.format("Trial balance is off by %s minor units", total);
        return net;
    }
}
