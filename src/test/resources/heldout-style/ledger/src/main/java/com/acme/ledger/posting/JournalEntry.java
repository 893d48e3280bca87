package com.acme.ledger.posting;

import com.acme.ledger.money.Money;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** One balanced journal entry: two or more debit/credit lines booked on the same date. */
public final class JournalEntry {

    public enum Side {
        DEBIT, CREDIT;

        public Side opposite() {
            return this == DEBIT ? CREDIT : DEBIT;
        }
    }

    public static final class Line {
        private final String accountCode;
        private final Side side;
        private final Money amount;
        private final String memo;

        public Line(String accountCode, Side side, Money amount, String memo) {
            this.accountCode = accountCode;
            this.side = side;
            this.amount = amount;
            this.memo = memo;
        }

        public String accountCode() {
            return accountCode;
        }

        public Side side() {
            return side;
        }

        public Money amount() {
            return amount;
        }

        public String currency() {
            return amount.currency();
        }

        public String memo() {
            return memo;
        }

        public long signedMinor() {
            return side == Side.DEBIT ? amount.minor() : -amount.minor();
        }

        public Line reverse() {
            return new Line(accountCode, side.opposite(), amount, "Reversal: " + memo);
        }

        @Override
        public String toString() {
            return side + " " + accountCode + " " + amount;
        }
    }

    private final String id;
    private final String bookingDate;
    private final List<Line> lines;
    private final String postedBy;

    public JournalEntry(String id, String bookingDate, List<Line> lines, String postedBy) {
        this.id = id;
        this.bookingDate = bookingDate;
        this.lines = Collections.unmodifiableList(lines);
        this.postedBy = postedBy;
    }

    public String id() {
        return id;
    }

    public String bookingDate() {
        return bookingDate;
    }

    public List<Line> lines() {
        return lines;
    }

    public String postedBy() {
        return postedBy;
    }

    /** Every account the entry touches: used by the posting, the audit trail and the cache invalidation. */
    public List<String> accountCodes() {
        return lines.stream().map(Line::accountCode).collect(Collectors.toList());
    }

    public Set<String> currencies() {
        return lines.stream().map(Line::currency).collect(Collectors.toSet());
    }

    /** Checked for every entry posted: each currency must net to zero. */
    public void requireBalanced() {
        Map<String, Long> net = new HashMap<>();
        for (Line line : lines) {
            net.merge(line.currency(), line.signedMinor(), Long::sum);
        }
        for (String currency : net.keySet()) {
            long off = net.get(currency);
            if (off != 0L) {
                throw new Validation.LedgerException("UNBALANCED",
                        String.format("Entry %s does not balance in %s (off by %s minor units)", id, currency, off));
            }
        }
    }

    /** The lines of the reversing entry, built for every reversal request. */
    public List<Line> reversedLines() {
        List<Line> reversed = new ArrayList<>();
        for (Line line : lines) {
            reversed.add(line.reverse());
        }
        return reversed;
    }

    @Override
    public String toString() {
        int count = lines.size();
        return String.format("JournalEntry[id=%s, date=%s, lines=%s, by=%s]", id, bookingDate, count, postedBy);
    }
}
