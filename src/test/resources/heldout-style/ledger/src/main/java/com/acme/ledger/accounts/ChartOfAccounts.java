package com.acme.ledger.accounts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The chart of accounts. Loaded once when the service or the reconciliation batch starts, then consulted
 * for every journal line and every balance query.
 */
public final class ChartOfAccounts {

	public enum AccountType {
		ASSET, LIABILITY, EQUITY, INCOME, EXPENSE
	}

	public static final class Account {
		private final String code;
		private final String name;
		private final AccountType type;
		private final String parentCode;

		Account(String code, String name, AccountType type, String parentCode) {
			this.code = code;
			this.name = name;
			this.type = type;
			this.parentCode = parentCode;
		}

		public String code() {
			return code;
		}

		public String name() {
			return name;
		}

		public AccountType type() {
			return type;
		}

		public String parentCode() {
			return parentCode;
		}

		@Override
		public String toString() {
			return String.format("%s %s (%s)", code, name, type);
		}
	}

	/** Lower-case names accepted in the "type" column of the chart file. */
	private static final List<String> TYPE_NAMES;
	private static final Map<String, AccountType> TYPES_BY_NAME;

	static {
		List<AccountType> all = Arrays.asList(AccountType.values());
		List<String> names = all.stream().map(t -> t.name().toLowerCase(Locale.ROOT)).collect(Collectors.toList());
		TYPE_NAMES = Collections.unmodifiableList(names);
		Map<String, AccountType> byName = new HashMap<>(all.size());
		for (AccountType t : all) {
			byName.put(t.name().toLowerCase(Locale.ROOT), t);
		}
		TYPES_BY_NAME = Collections.unmodifiableMap(byName);
	}

	private final Map<String, Account> byCode;
	private final Map<String, List<Account>> children;

	private ChartOfAccounts(Map<String, Account> byCode) {
		this.byCode = byCode;
		Map<String, List<Account>> kids = new HashMap<>();
		for (Account a : byCode.values()) {
			if (a.parentCode() != null) {
				kids.computeIfAbsent(a.parentCode(), p -> new ArrayList<>()).add(a);
			}
		}
		this.children = kids;
	}

	/**
	 * Reads the chart file ("code;name;type;parent" per row). Called once, from LedgerApplication.main and
	 * from ReconciliationBatch.main, before anything else runs.
	 */
	public static ChartOfAccounts load(InputStream in) throws IOException {
		ByteArrayOutputStream raw = new ByteArrayOutputStream();
		while (true) {
			byte[] chunk = new byte[4096];
			int n = in.read(chunk);
			if (n == -1) {
				break;
			}
			raw.write(chunk, 0, n);
		}
		String text = new String(raw.toByteArray(), StandardCharsets.UTF_8);
		String[] rows = text.split("\\r?\\n");
		Map<String, Account> byCode = Arrays.stream(rows)
				.filter(row -> !row.trim().isEmpty() && !row.startsWith("#"))
				.map(ChartOfAccounts::parseRow)
				.collect(Collectors.toMap(Account::code, a -> a));
		return new ChartOfAccounts(byCode);
	}

	private static Account parseRow(String row) {
		String[] cols = row.split(";", -1);
		AccountType type = TYPES_BY_NAME.get(cols[2].trim().toLowerCase(Locale.ROOT));
		if (type == null) {
			throw new IllegalArgumentException("Unknown account type in row '" + row + "', expected one of "
					+ TYPE_NAMES);
		}
		String parent = cols.length > 3 && !cols[3].trim().isEmpty() ? cols[3].trim() : null;
		return new Account(cols[0].trim(), cols[1].trim(), type, parent);
	}

	/** Called for every line of every journal entry that is posted. */
	public Account require(String code) {
		Account account = byCode.get(code);
		if (account == null) {
			throw new IllegalArgumentException("Unknown account " + code);
		}
		return account;
	}

	public int size() {
		return byCode.size();
	}

	/** Codes look like 1000-01. Checked for every line of every posting and every balance query. */
	public static boolean isPostingCode(String code) {
		return code.matches("\\d{4}-\\d{2}");
	}

	/** Normalises a code typed by a user ("1000 01", "1000/01", "1000.01") to 1000-01; once per request. */
	public static String normalise(String typed) {
		return typed.trim().replaceAll("[\\s/._]+", "-");
	}

	/** The direct children of a roll-up account, for the balance query of that account. */
	public List<String> childCodes(String parentCode) {
		List<Account> kids = children.getOrDefault(parentCode, Collections.<Account>emptyList());
		return kids.stream().map(Account::code).collect(Collectors.toList());
	}
}
