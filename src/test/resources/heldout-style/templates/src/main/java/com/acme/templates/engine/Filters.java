package com.acme.templates.engine;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The built-in filters of output tags: {@code {{ post.title | slug }}}, {@code {{ tags | join(', ') }}}.
 * The registry is filled once when the class loads; the filter bodies run for every value of every render.
 */
public final class Filters {

	/** A filter receives the value and the evaluated arguments of one {@code | name(args)}. */
	public interface Filter {
		Object apply(Object value, List<Object> args);
	}

	private static final List<String> KEYWORDS =
			Arrays.asList("for", "endfor", "if", "else", "endif", "include", "asset", "raw");

	/** Names a filter may not take, lower-cased for the parser's check. */
	static final Set<String> RESERVED = KEYWORDS.stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

	/** Filters whose output is HTML already: the output tag does not escape it again. */
	private static final List<String> HTML_PRODUCING = Arrays.asList("nl2br", "escape");

	private static final Map<String, Filter> REGISTRY = new HashMap<>();
	private static final Map<String, Filter> CASE_INSENSITIVE;
	static final Set<String> SAFE_OUTPUT;

	/** {{ price | currency('EUR') }}: runs for every price of every product list. */
	static final Filter CURRENCY = new Filter() {
		@Override
		public Object apply(Object value, List<Object> args) {
			String code = args.isEmpty() ? "EUR" : str(args.get(0));
			String amount = new BigDecimal(str(value)).setScale(2, RoundingMode.HALF_UP).toPlainString();
			return String.format("%s %s", amount, code);
		}
	};

	static {
		REGISTRY.put("upper", (v, a) -> str(v).toUpperCase(Locale.ROOT));
		REGISTRY.put("lower", (v, a) -> str(v).toLowerCase(Locale.ROOT));
		REGISTRY.put("escape", (v, a) -> Template.escapeHtml(str(v)));
		REGISTRY.put("currency", CURRENCY);
		REGISTRY.put("slug", (v, a) -> str(v).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
		REGISTRY.put("nl2br", (v, a) -> Template.escapeHtml(str(v)).replaceAll("\\r?\\n", "<br>"));
		REGISTRY.put("default", (v, a) -> Expression.truthy(v) ? v : a.get(0));
		REGISTRY.put("join", (v, a) -> {
			Collection<?> items = asCollection(v);
			String separator = a.isEmpty() ? ", " : str(a.get(0));
			String[] parts = items.stream().map(Filters::str).toArray(String[]::new);
			return String.join(separator, parts);
		});
		REGISTRY.put("map", (v, a) -> {
			Collection<?> items = asCollection(v);
			String attribute = str(a.get(0));
			List<Object> picked = items.stream().map(i -> Expression.property(i, attribute)).collect(Collectors.toList());
			return picked;
		});
		REGISTRY.put("unique", (v, a) -> {
			Collection<?> items = asCollection(v);
			Set<String> distinct = items.stream().map(Filters::str).collect(Collectors.toSet());
			return distinct;
		});
		REGISTRY.put("truncate", (v, a) -> {
			String s = str(v);
			int limit = a.isEmpty() ? 80 : ((Number) a.get(0)).intValue();
			if (s.length() <= limit) {
				return s;
			}
			StringBuilder sb = new StringBuilder(limit + 1);
			sb.append(s.substring(0, limit));
			return sb.append('\u2026').toString();
		});
		REGISTRY.put("wrap", (v, a) -> {
			String before = str(a.get(0));
			String after = a.size() > 1 ? str(a.get(1)) : before;
			String s = str(v);
			return String.format("%s%s%s", before, s, after);
		});

		Map<String, Filter> byUpperName = new HashMap<>(REGISTRY.size());
		for (String name : REGISTRY.keySet()) {
			byUpperName.put(name.toUpperCase(Locale.ROOT), REGISTRY.get(name));
		}
		CASE_INSENSITIVE = byUpperName;

		Set<String> safe = new HashSet<>();
		safe.addAll(HTML_PRODUCING);
		safe.add("raw");
		SAFE_OUTPUT = Collections.unmodifiableSet(safe);
	}

	private Filters() {
	}

	public static Object apply(String name, Object value, List<Object> args) {
		Filter filter = REGISTRY.get(name);
		if (filter == null) {
			filter = CASE_INSENSITIVE.get(name.toUpperCase(Locale.ROOT));
		}
		if (filter == null) {
			String known = String.join(", ", new TreeSet<>(REGISTRY.keySet()));
			throw new IllegalArgumentException("unknown filter '" + name + "'; known: " + known);
		}
		return filter.apply(value, args);
	}

	public static boolean exists(String name) {
		return REGISTRY.containsKey(name) || CASE_INSENSITIVE.containsKey(name.toUpperCase(Locale.ROOT));
	}

	static String str(Object value) {
		return value == null ? "" : value.toString();
	}

	static Collection<?> asCollection(Object value) {
		if (value instanceof Collection) {
			return (Collection<?>) value;
		}
		if (value instanceof Object[]) {
			return Arrays.asList((Object[]) value);
		}
		return value == null ? Collections.emptyList() : Collections.singletonList(value);
	}
}
