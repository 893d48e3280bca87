package com.acme.docconv.infer;

import com.acme.docconv.model.Row;
import com.acme.docconv.model.Schema;
import com.acme.docconv.model.Schema.Column;
import com.acme.docconv.model.Schema.ColumnType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Infers a schema from the first rows of a file. Every input file gets its own inference, on a sample of
 * {@link #sampleSize()} rows, so the type checks below run for every sampled cell of every file.
 */
public final class SchemaInferrer {

	private static final Set<String> BOOLEAN_WORDS;

	static {
		Set<String> words = new HashSet<>();
		words.addAll(Arrays.asList("true", "false", "yes", "no", "y", "n"));
		BOOLEAN_WORDS = Collections.unmodifiableSet(words);
	}

	private final int sampleSize;

	public SchemaInferrer(int sampleSize) {
		this.sampleSize = sampleSize;
	}

	public int sampleSize() {
		return sampleSize;
	}

	public Schema infer(String source, List<Row> sample) {
		if (sample.isEmpty()) {
			throw new IllegalArgumentException("cannot infer a schema for " + source + " from an empty sample");
		}
		List<String> names = new ArrayList<>(sample.get(0).names());
		return new Schema(columns(names, sample));
	}

	private List<Column> columns(List<String> names, List<Row> sample) {
		List<Column> columns = new ArrayList<>();
		for (String name : names) {
			List<String> values = sample.stream().map(r -> r.get(name)).collect(Collectors.toList());
			columns.add(new Column(name, typeOf(values), values.contains("")));
		}
		return columns;
	}

	ColumnType typeOf(List<String> values) {
		ColumnType best = null;
		for (String raw : values) {
			if (raw.isEmpty()) {
				continue;
			}
			ColumnType t = classify(raw.trim());
			best = best == null ? t : widen(best, t);
		}
		return best == null ? ColumnType.TEXT : best;
	}

	private static ColumnType classify(String value) {
		if (value.matches("[-+]?\\d{1,18}")) {
			return ColumnType.INTEGER;
		}
		if (value.matches("[-+]?\\d*\\.\\d+([eE][-+]?\\d+)?")) {
			return ColumnType.DECIMAL;
		}
		if (BOOLEAN_WORDS.contains(value.toLowerCase(Locale.ROOT))) {
			return ColumnType.BOOLEAN;
		}
		if (value.length() == 10 && (value.charAt(4) == '-' && value.charAt(7) == '-'
				|| value.charAt(2) == '.' && value.charAt(5) == '.')) {
			return ColumnType.DATE;
		}
		return ColumnType.TEXT;
	}

	private static ColumnType widen(ColumnType a, ColumnType b) {
		return switch (a) {
			case INTEGER -> b == ColumnType.DECIMAL || b == ColumnType.INTEGER ? b : ColumnType.TEXT;
			case DECIMAL -> b == ColumnType.INTEGER || b == ColumnType.DECIMAL ? ColumnType.DECIMAL : ColumnType.TEXT;
			default -> a == b ? a : ColumnType.TEXT;
		};
	}
}
