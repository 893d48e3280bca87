package com.acme.ledger.posting;

import com.acme.ledger.accounts.ChartOfAccounts;
import com.acme.ledger.audit.AuditTrailFormatter;
import com.acme.ledger.http.MiniHttp;
import com.acme.ledger.money.Money;
import com.acme.ledger.store.LedgerStore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * POST /journal-entries. The body has one line per journal line: "account, DEBIT|CREDIT, USD 12.50[, memo]".
 * One instance is created at startup and registered with the router; {@link #handle} runs per request.
 */
public final class PostingService implements MiniHttp.Handler {

    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static final List<String> DEFAULT_RESERVED_MEMOS = Arrays.asList("OPENING BALANCE", "YEAR END CLOSE");

    private final ChartOfAccounts chart;
    private final LedgerStore store;
    private final AuditTrailFormatter audit;
    private final Set<String> closedPeriods;
    private final Set<String> reservedMemos;

    {
        Set<String> memos = new HashSet<>();
        memos.addAll(DEFAULT_RESERVED_MEMOS);
        reservedMemos = Collections.unmodifiableSet(memos);
    }

    public PostingService(ChartOfAccounts chart, LedgerStore store, AuditTrailFormatter audit,
            Collection<String> closedPeriods) {
        this.chart = chart;
        this.store = store;
        this.audit = audit;
        this.closedPeriods = new HashSet<>(closedPeriods);
    }

    @Override
    public MiniHttp.Response handle(MiniHttp.Request request) {
        String requestId = request.header("X-Request-Id");
        try {
            JournalEntry entry = parse(request);
            entry.requireBalanced();
            if (entry.currencies().size() > 1) {
                Validation.requireNonBlank(request.header("X-Fx-Rate-Set"), "X-Fx-Rate-Set");
            }
            post(entry);
            String entryId = entry.id();
            int lineCount = entry.lines().size();
            return MiniHttp.Response.ok(String.format(Locale.ROOT, "%s posted with %d lines", entryId, lineCount));
        } catch (Validation.LedgerException e) {
            String reason = e.getMessage();
            return MiniHttp.Response.error(422, String.format("Request %s rejected: %s", requestId, reason));
        }
    }

    /** The reversal endpoint: registered once at startup, the lambda answers every POST /reversals. */
    public MiniHttp.Handler reversalHandler() {
        return request -> {
            String originalId = Validation.requireNonBlank(request.param("entry"), "entry");
            JournalEntry original = store.entry(originalId);
            if (original == null) {
                return MiniHttp.Response.error(404, "No entry " + originalId);
            }
            String reversalId = String.format("%s-REV", originalId);
            JournalEntry reversal = new JournalEntry(reversalId, original.bookingDate(), original.reversedLines(),
                    request.header("X-User"));
            post(reversal);
            return MiniHttp.Response.ok(reversalId);
        };
    }

    private void post(JournalEntry entry) {
        store.apply(entry);
        audit.recordPosting(entry);
        Set<String> touched = new HashSet<>();
        touched.addAll(entry.accountCodes());
        store.invalidateRollups(touched);
    }

    JournalEntry parse(MiniHttp.Request request) {
        String body = Validation.requireNonBlank(request.body(), "body");
        String bookingDate = Validation.requireNonBlank(request.param("date"), "date");
        if (closedPeriods.contains(bookingDate.substring(0, 7))) {
            throw new Validation.LedgerException("PERIOD_CLOSED", "Period of " + bookingDate + " is closed");
        }
        String postedBy = Validation.requireNonBlank(request.header("X-User"), "X-User");
        List<JournalEntry.Line> lines = parseLines(body);
        String compactDate = bookingDate.replace("-", "");
        long seq = SEQUENCE.incrementAndGet();
        String id = String.format("JE-%s-%s", compactDate, seq);
        return new JournalEntry(id, bookingDate, lines, postedBy);
    }

    private List<JournalEntry.Line> parseLines(String body) {
        String[] rows = body.split("\\r?\\n");
        List<JournalEntry.Line> lines = new ArrayList<>();
        for (String row : rows) {
            lines.add(parseLine(row, lines.size()));
        }
        return lines;
    }

    private JournalEntry.Line parseLine(String row, int index) {
        String[] cols = row.split("\\s*,\\s*");
        if (cols.length < 3) {
            throw new Validation.LedgerException("MALFORMED_LINE",
                    String.format("Malformed line %s: '%s'", index, row));
        }
        String accountField = Validation.fieldPath("lines", index, "account");
        String code = Validation.requireAccountCode(ChartOfAccounts.normalise(cols[0]), accountField);
        chart.require(code);
        JournalEntry.Side side = JournalEntry.Side.valueOf(cols[1].toUpperCase(Locale.ROOT));
        Money amount = Money.parse(cols[2]);
        String memo = cols.length > 3 ? cols[3].trim() : "";
        if (reservedMemos.contains(memo.toUpperCase(Locale.ROOT))) {
            throw new Validation.LedgerException("RESERVED_MEMO", "Memo '" + memo + "' is reserved");
        }
        return new JournalEntry.Line(code, side, amount, memo);
    }
}
