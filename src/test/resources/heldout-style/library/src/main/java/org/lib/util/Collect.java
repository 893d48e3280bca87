package org.lib.util;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Static helpers for collections and short strings.
 */
public final class Collect {

	private static final String[] DEFAULT_SEPARATORS = ", ; | :".split("\\s+");

	private Collect() {
	}

	public static String[] separators() {
		return DEFAULT_SEPARATORS.clone();
	}

	public static <T> List<String> names(Collection<T> items, Function<T, String> f) {
		List<String> out = new ArrayList<>();
		for (T item : items) {
			out.add(f.apply(item));
		}
		return out;
	}

	public static <T> String[] labels(List<T> items, Function<T, String> f) {
		return items.stream().map(f).toArray(String[]::new);
	}

	public static String qualify(String namespace, String name, boolean full) {
		return full ? String.format("%s:%s", namespace, name) : name;
	}

	/**
	 * Turns a title into a URL-friendly slug.
	 */
	public static String slug(String title) {
		return title.trim().replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT);
	}

	/**
	 * Strips balanced outer parentheses, returning every layer seen.
	 */
	public static List<String> unwrap(String text) {
		List<String> layers = new ArrayList<>();
		String current = text;
		do {
			layers.add(current);
			current = current.replaceFirst("^\\((.*)\\)$", "$1");
		} while (!layers.contains(current));
		return layers;
	}

	/**
	 * Sums the rows whose cells are all numeric; a row stops at its first non-numeric cell.
	 */
	public static long sumNumeric(Map<String, List<String>> table) {
		long total = 0;
		rows: for (String key : table.keySet()) {
			List<String> cells = table.get(key);
			for (String cell : cells) {
				if (!cell.matches("^\\d+$")) {
					continue rows;
				}
				total += Long.parseLong(cell);
			}
		}
		return total;
	}

	/**
	 * Splits comma separated lines.
	 */
	public static final class Splitter {
		private final boolean lowerCase;

		public Splitter(boolean lowerCase) {
			this.lowerCase = lowerCase;
		}

		public List<String> split(String line) {
			String text = lowerCase ? line.toLowerCase(Locale.ROOT) : line;
			return Arrays.asList(text.split("\\s*,\\s*"));
		}

		public Map<String, Integer> widths(List<String> words) {
			Map<String, Integer> result = new HashMap<>(words.size());
			for (String word : words) {
				result.put(word, word.length());
			}
			return result;
		}
	}
}
